package org.jitdispatch.runtime;

import java.util.Arrays;

/**
 * A flat, typed buffer of elements on a primitive Java array ({@code boolean[]}, {@code int[]},
 * {@code long[]}, {@code float[]} or {@code double[]}, by dtype). Tensors and their views share one
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

    /** A zero-filled storage of {@code numel} elements. */
    public static Storage allocate(ScalarType dtype, long numel) {
        return new Storage(dtype, newArray(dtype, checkedLength(numel)));
    }

    /** Wraps an array without copying; its component type decides the dtype. */
    public static Storage wrap(Object array) {
        return new Storage(dtypeOfArray(array), array);
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
            case Int32: return ints()[k];
            case Int64: return longs()[k];
            case Float32: return floats()[k];
            default: return doubles()[k];
        }
    }

    /** Element at a flat index as a long (floating values are truncated toward zero). */
    public long getLong(long i) {
        int k = (int) i;
        switch (dtype) {
            case Bool: return booleans()[k] ? 1 : 0;
            case Int32: return ints()[k];
            case Int64: return longs()[k];
            case Float32: return (long) floats()[k];
            default: return (long) doubles()[k];
        }
    }

    public boolean getBoolean(long i) {
        return dtype == ScalarType.Bool ? booleans()[(int) i] : getDouble(i) != 0.0;
    }

    /** Stores a value converted to this storage's dtype the way a C++ static_cast would. */
    public void setDouble(long i, double v) {
        int k = (int) i;
        switch (dtype) {
            case Bool: booleans()[k] = v != 0.0; break;
            case Int32: ints()[k] = (int) (long) v; break;
            case Int64: longs()[k] = (long) v; break;
            case Float32: floats()[k] = (float) v; break;
            default: doubles()[k] = v;
        }
    }

    public void setLong(long i, long v) {
        int k = (int) i;
        switch (dtype) {
            case Bool: booleans()[k] = v != 0; break;
            case Int32: ints()[k] = (int) v; break;
            case Int64: longs()[k] = v; break;
            case Float32: floats()[k] = v; break;
            default: doubles()[k] = v;
        }
    }

    /** A copy of the whole buffer. */
    public Storage copy() {
        Object c;
        switch (dtype) {
            case Bool: c = booleans().clone(); break;
            case Int32: c = ints().clone(); break;
            case Int64: c = longs().clone(); break;
            case Float32: c = floats().clone(); break;
            default: c = doubles().clone();
        }
        return new Storage(dtype, c);
    }

    @Override
    public String toString() {
        String contents;
        switch (dtype) {
            case Bool: contents = Arrays.toString(booleans()); break;
            case Int32: contents = Arrays.toString(ints()); break;
            case Int64: contents = Arrays.toString(longs()); break;
            case Float32: contents = Arrays.toString(floats()); break;
            default: contents = Arrays.toString(doubles());
        }
        return "Storage(" + dtype + ", " + contents + ")";
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
            case Int32: return new int[n];
            case Int64: return new long[n];
            case Float32: return new float[n];
            default: return new double[n];
        }
    }

    private static ScalarType dtypeOfArray(Object array) {
        if (array instanceof boolean[]) return ScalarType.Bool;
        if (array instanceof int[]) return ScalarType.Int32;
        if (array instanceof long[]) return ScalarType.Int64;
        if (array instanceof float[]) return ScalarType.Float32;
        if (array instanceof double[]) return ScalarType.Float64;
        throw new IllegalArgumentException("A storage wraps boolean[], int[], long[], float[] or double[], not "
                + (array == null ? "null" : array.getClass().getSimpleName()));
    }
}
