package org.jitdispatch.runtime;

/**
 * A flat, typed buffer of elements on a primitive Java array, by dtype (see {@link ScalarType} for which
 * array holds which dtype). Tensors and their views share one
 * storage. Arrays are indexed by int, so a storage holds at most {@link Integer#MAX_VALUE} - 8
 * elements.
 */
public final class Storage {
    /** The largest element count a Java array can hold on HotSpot. */
    public static final long MAX_ELEMENTS = Integer.MAX_VALUE - 8;

    private final ScalarType dtype;
    private Object data;

    private Storage(ScalarType dtype, Object data) {
        this.dtype = dtype;
        this.data = data;
    }

    /**
     * A zero-filled storage of {@code numel} elements. A storage the heap cannot hold is refused with PyTorch's
     * allocator message (a RuntimeError there), as an {@link IllegalStateException}, not an OutOfMemoryError.
     */
    public static Storage allocate(ScalarType dtype, long numel) {
        int n = checkedLength(numel);
        try {
            return new Storage(dtype, newArray(dtype, n));
        } catch (OutOfMemoryError e) {
            throw notEnoughMemory((long) n * dtype.itemSize());
        }
    }

    /** PyTorch's allocator error for a request of {@code bytes} that the heap cannot hold. */
    public static IllegalStateException notEnoughMemory(long bytes) {
        return new IllegalStateException("DefaultCPUAllocator: not enough memory: you tried to allocate " + bytes
                + " bytes.");
    }

    /** Wraps an array without copying; its component type decides the dtype ({@code byte[]} is Int8). */
    public static Storage wrap(Object array) {
        return new Storage(dtypeOfArray(array), array);
    }

    /**
     * Wraps an array as {@code dtype} without copying: a {@code byte[]} as UInt8 or Int8, a {@code short[]}
     * as Int16 or as the bits of Float16 or BFloat16.
     */
    public static Storage wrap(ScalarType dtype, Object array) {
        if (array == null || array.getClass() != arrayClass(dtype)) {
            throw new IllegalArgumentException("A storage of " + dtype + " wraps a "
                    + arrayClass(dtype).getSimpleName() + ", not " + (array == null ? "null" : array.getClass().getSimpleName()));
        }
        return new Storage(dtype, array);
    }

    public ScalarType dtype() {
        return dtype;
    }

    /** Number of elements. */
    public long size() {
        return java.lang.reflect.Array.getLength(data);
    }

    /** The backing array, for kernels; its type matches {@link #dtype()}. */
    public Object data() {
        return data;
    }

    public float[] floats() {
        return (float[]) data;
    }

    public double[] doubles() {
        return (double[]) data;
    }

    public int[] ints() {
        return (int[]) data;
    }

    public long[] longs() {
        return (long[]) data;
    }

    public boolean[] booleans() {
        return (boolean[]) data;
    }

    /** The array of a UInt8 or Int8 storage (UInt8 elements read as {@code b & 0xFF}). */
    public byte[] bytes() {
        return (byte[]) data;
    }

    /** The array of an Int16 storage, or the bits of a Float16 or BFloat16 one. */
    public short[] shorts() {
        return (short[]) data;
    }

    /** Sets the elements {@code [from, to)} to zero (+0.0, false): all bits clear, whatever the dtype. */
    public void zero(long from, long to) {
        int a = (int) from;
        int b = (int) to;
        if (data instanceof float[] f) {
            java.util.Arrays.fill(f, a, b, 0f);
        } else if (data instanceof double[] d) {
            java.util.Arrays.fill(d, a, b, 0.0);
        } else if (data instanceof long[] l) {
            java.util.Arrays.fill(l, a, b, 0L);
        } else if (data instanceof int[] i) {
            java.util.Arrays.fill(i, a, b, 0);
        } else if (data instanceof short[] h) {
            java.util.Arrays.fill(h, a, b, (short) 0);
        } else if (data instanceof byte[] y) {
            java.util.Arrays.fill(y, a, b, (byte) 0);
        } else {
            java.util.Arrays.fill((boolean[]) data, a, b, false);
        }
    }

    /** Grows the buffer (keeping its contents) so that it holds at least {@code numel} elements. */
    public void ensureCapacity(long numel) {
        if (numel > size()) {
            int n = checkedLength(numel);
            Object grown = newArray(dtype, n);
            System.arraycopy(data, 0, grown, 0, (int) size());
            data = grown;
        }
    }

    /** Element at a flat index, widened to double (booleans are 0 or 1). */
    public double getDouble(long i) {
        int k = (int) i;
        switch (dtype) {
            case Bool: return booleans()[k] ? 1.0 : 0.0;
            case UInt8: return bytes()[k] & 0xFF;
            case Int8: return bytes()[k];
            case Int16: return shorts()[k];
            case Int32: return ints()[k];
            case Int64: return longs()[k];
            case Float16: return Half.toFloat(shorts()[k]);
            case BFloat16: return BFloat16.toFloat(shorts()[k]);
            case Float32: return floats()[k];
            case Float64: return doubles()[k];
            default: throw new AssertionError(dtype);
        }
    }

    /** Element at a flat index as a long (floating values are truncated toward zero). */
    public long getLong(long i) {
        int k = (int) i;
        switch (dtype) {
            case Bool: return booleans()[k] ? 1 : 0;
            case UInt8: return bytes()[k] & 0xFF;
            case Int8: return bytes()[k];
            case Int16: return shorts()[k];
            case Int32: return ints()[k];
            case Int64: return longs()[k];
            default: return (long) getDouble(i);
        }
    }

    public boolean getBoolean(long i) {
        return dtype == ScalarType.Bool ? booleans()[(int) i] : getDouble(i) != 0.0;
    }

    /**
     * Stores a value converted to this storage's dtype the way a C++ static_cast would: integers wrap
     * (through int64), floating types narrower than double round through float32.
     */
    public void setDouble(long i, double v) {
        int k = (int) i;
        switch (dtype) {
            case Bool: booleans()[k] = v != 0.0; break;
            case UInt8: case Int8: bytes()[k] = (byte) (long) v; break;
            case Int16: shorts()[k] = (short) (long) v; break;
            case Int32: ints()[k] = (int) (long) v; break;
            case Int64: longs()[k] = (long) v; break;
            case Float16: shorts()[k] = Half.fromDouble(v); break;
            case BFloat16: shorts()[k] = BFloat16.fromDouble(v); break;
            case Float32: floats()[k] = (float) v; break;
            case Float64: doubles()[k] = v; break;
            default: throw new AssertionError(dtype);
        }
    }

    public void setLong(long i, long v) {
        int k = (int) i;
        switch (dtype) {
            case Bool: booleans()[k] = v != 0; break;
            case UInt8: case Int8: bytes()[k] = (byte) v; break;
            case Int16: shorts()[k] = (short) v; break;
            case Int32: ints()[k] = (int) v; break;
            case Int64: longs()[k] = v; break;
            case Float16: shorts()[k] = Half.fromFloat(v); break;
            case BFloat16: shorts()[k] = BFloat16.fromFloat(v); break;
            case Float32: floats()[k] = v; break;
            case Float64: doubles()[k] = v; break;
            default: throw new AssertionError(dtype);
        }
    }

    /** A copy of the whole buffer. */
    public Storage copy() {
        Object c = newArray(dtype, (int) size());
        System.arraycopy(data, 0, c, 0, (int) size());
        return new Storage(dtype, c);
    }

    @Override
    public String toString() {
        StringBuilder contents = new StringBuilder("[");
        for (long i = 0, n = size(); i < n; i++) {
            if (i > 0) {
                contents.append(", ");
            }
            switch (dtype) {
                case Bool -> contents.append(booleans()[(int) i]);
                case Float16, BFloat16, Float32 -> contents.append((float) getDouble(i));
                case Float64 -> contents.append(getDouble(i));
                default -> contents.append(getLong(i));
            }
        }
        return "Storage(" + dtype + ", " + contents.append(']') + ")";
    }

    private static int checkedLength(long numel) {
        if (numel < 0 || numel > MAX_ELEMENTS) {
            throw new IllegalArgumentException("Cannot allocate a storage of " + numel
                    + " elements: a storage holds between 0 and " + MAX_ELEMENTS + " elements");
        }
        return (int) numel;
    }

    private static Object newArray(ScalarType dtype, int n) {
        switch (dtype) {
            case Bool: return new boolean[n];
            case UInt8: case Int8: return new byte[n];
            case Int16: case Float16: case BFloat16: return new short[n];
            case Int32: return new int[n];
            case Int64: return new long[n];
            case Float32: return new float[n];
            case Float64: return new double[n];
            default: throw new AssertionError(dtype);
        }
    }

    /** The dtype {@link #wrap(Object)} gives an array: Java's own element type ({@code byte[]} is Int8). */
    private static ScalarType dtypeOfArray(Object array) {
        if (array instanceof boolean[]) return ScalarType.Bool;
        if (array instanceof byte[]) return ScalarType.Int8;
        if (array instanceof short[]) return ScalarType.Int16;
        if (array instanceof int[]) return ScalarType.Int32;
        if (array instanceof long[]) return ScalarType.Int64;
        if (array instanceof float[]) return ScalarType.Float32;
        if (array instanceof double[]) return ScalarType.Float64;
        throw new IllegalArgumentException("A storage wraps boolean[], byte[], short[], int[], long[], float[] or"
                + " double[], not " + (array == null ? "null" : array.getClass().getSimpleName()));
    }

    /** The array class that holds {@code dtype}'s elements. */
    private static Class<?> arrayClass(ScalarType dtype) {
        return newArray(dtype, 0).getClass();
    }
}
