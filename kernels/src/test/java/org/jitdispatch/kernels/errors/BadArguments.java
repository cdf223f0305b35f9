package org.jitdispatch.kernels.errors;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.random.CPUGenerator;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * Random arguments for one call of a generated entry point, often invalid: tensors of every dtype and of
 * random small shapes (0-d, size-0 and size-1 dims, up to 4 dims) laid out contiguous, at an offset,
 * transposed, expanded or strided, sometimes the same tensor (or a view of it) twice; dims and indices in
 * and out of range, negative and huge; size lists with -1, negative and huge entries; scalars that are
 * integers, floats (NaN, infinities, 1e300), booleans or null; every ScalarType, Device, Layout and
 * MemoryFormat and null; rounding modes valid and not; now and then a float tensor that requires grad, or a
 * view an operator made of another argument. The same seed gives the same arguments.
 *
 * <p>Sizes are small (at most 81 elements) or absurd (2^31 and more, refused before anything is allocated),
 * never in between, so that a valid call stays cheap.
 */
final class BadArguments {
    private static final ScalarType[] DTYPES = ScalarType.values();
    private static final long[] HUGE = {1L << 31, 1L << 40, 1L << 62, Long.MAX_VALUE};

    private final Random rnd;
    /** Every tensor made for this call, so that a later argument can alias an earlier one. */
    private final List<Tensor> made = new ArrayList<>();
    /** The shape and dtype most tensors of this call share, so that a good share of calls is valid. */
    private final long[] common;
    private final ScalarType commonDtype;

    final Tensor receiver;
    final Object[] args;

    BadArguments(Method m, long seed) {
        rnd = new Random(seed);
        common = randomShape();
        commonDtype = rnd.nextInt(3) == 0 ? DTYPES[rnd.nextInt(DTYPES.length)] : ScalarType.Float32;
        receiver = Modifier.isStatic(m.getModifiers()) ? null : tensor();
        Class<?>[] types = m.getParameterTypes();
        args = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            args[i] = argument(types[i]);
        }
    }

    /** Every tensor among the receiver and the arguments (elements of a Tensor[] too), nulls left out. */
    List<Tensor> tensors() {
        List<Tensor> all = new ArrayList<>();
        if (receiver != null) {
            all.add(receiver);
        }
        for (Object a : args) {
            if (a instanceof Tensor t) {
                all.add(t);
            } else if (a instanceof Tensor[] list) {
                for (Tensor t : list) {
                    if (t != null) {
                        all.add(t);
                    }
                }
            }
        }
        return all;
    }

    String describe() {
        StringBuilder s = new StringBuilder();
        if (receiver != null) {
            s.append("receiver ").append(describe(receiver)).append("; ");
        }
        s.append("arguments (");
        for (int i = 0; i < args.length; i++) {
            s.append(i == 0 ? "" : ", ").append(describeValue(args[i]));
        }
        return s.append(')').toString();
    }

    private String describeValue(Object v) {
        if (v instanceof Tensor t) {
            return describe(t);
        }
        if (v instanceof Tensor[] list) {
            StringBuilder s = new StringBuilder("[");
            for (int i = 0; i < list.length; i++) {
                s.append(i == 0 ? "" : ", ").append(list[i] == null ? "null" : describe(list[i]));
            }
            return s.append(']').toString();
        }
        if (v instanceof long[] longs) {
            return Arrays.toString(longs);
        }
        if (v instanceof Scalar sc) {
            return "Scalar(" + sc + ")";
        }
        if (v instanceof String str) {
            return '"' + str + '"';
        }
        return String.valueOf(v);
    }

    private String describe(Tensor t) {
        int first = made.indexOf(t);
        String sameAs = "";
        for (int i = 0; i < made.size(); i++) {
            if (made.get(i) != t && made.get(i).storage() == t.storage()) {
                sameAs = " sharing storage with tensor #" + i;
                break;
            }
        }
        return "tensor #" + first + " " + t.dtype() + Arrays.toString(t.sizes()) + " strides "
                + Arrays.toString(t.strides()) + " offset " + t.storageOffset() + (t.requiresGrad() ? " requires grad" : "")
                + sameAs;
    }

    private Object argument(Class<?> type) {
        if (type == Tensor.class) {
            return tensor();
        }
        if (type == Tensor[].class) {
            Tensor[] list = new Tensor[rnd.nextInt(4)];
            for (int i = 0; i < list.length; i++) {
                list[i] = tensor();
            }
            return list;
        }
        if (type == long.class) {
            return dim();
        }
        if (type == Long.class) {
            return rnd.nextInt(5) == 0 ? null : dim();
        }
        if (type == long[].class) {
            return sizes();
        }
        if (type == double.class) {
            return randomDouble();
        }
        if (type == boolean.class) {
            return rnd.nextBoolean();
        }
        if (type == Boolean.class) {
            return rnd.nextInt(4) == 0 ? null : rnd.nextBoolean();
        }
        if (type == Scalar.class) {
            return scalar();
        }
        if (type == ScalarType.class) {
            return rnd.nextInt(6) == 0 ? null : DTYPES[rnd.nextInt(DTYPES.length)];
        }
        if (type == Device.class) {
            int k = rnd.nextInt(10);
            return k < 7 ? Device.CPU : k == 7 ? Device.META : k == 8 ? null : Device.LAZY;
        }
        if (type == Layout.class) {
            return rnd.nextBoolean() ? Layout.Strided : pick(Layout.values());
        }
        if (type == MemoryFormat.class) {
            return pick(MemoryFormat.values());
        }
        if (type == String.class) {
            return pick(new String[] {"floor", "trunc", "", "Floor", "none", "true", null});
        }
        if (type == Generator.class) {
            // a seeded generator of its own (or null, the default one), so that runs repeat
            return rnd.nextInt(4) == 0 ? null : new CPUGenerator(rnd.nextLong());
        }
        throw new IllegalArgumentException("no random value for " + type);
    }

    private <T> T pick(T[] values) {
        int k = rnd.nextInt(values.length + 1);
        return k == values.length ? null : values[k];
    }

    private long oneOf(long... values) {
        return values[rnd.nextInt(values.length)];
    }

    private double oneOf(double... values) {
        return values[rnd.nextInt(values.length)];
    }

    /** A dim or index: mostly in and just out of range, sometimes absurd. */
    private long dim() {
        int k = rnd.nextInt(10);
        if (k < 6) {
            return rnd.nextInt(9) - 4;
        }
        if (k < 8) {
            return rnd.nextInt(3);
        }
        return oneOf(Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MAX_VALUE + 1, (long) Integer.MIN_VALUE,
                -(1L << 40), 1L << 40, 64L, -64L);
    }

    /** A size list, a dim list or a permutation: another tensor's sizes, with -1, negative or huge entries. */
    private long[] sizes() {
        int k = rnd.nextInt(10);
        long[] s;
        if (k < 3) {
            s = (made.isEmpty() ? common : made.get(rnd.nextInt(made.size())).sizes()).clone();
            if (s.length > 0 && rnd.nextBoolean()) {
                s[rnd.nextInt(s.length)] = -1;
            }
            return s;
        }
        if (k < 5) {
            s = new long[rnd.nextInt(5)];
            for (int i = 0; i < s.length; i++) {
                s[i] = i;
            }
            for (int i = s.length - 1; i > 0; i--) {
                int j = rnd.nextInt(i + 1);
                long t = s[i];
                s[i] = s[j];
                s[j] = t;
            }
            if (s.length > 0 && rnd.nextInt(4) == 0) {
                s[rnd.nextInt(s.length)] -= s.length; // the same dim, wrapped negative
            }
            return s;
        }
        s = new long[rnd.nextInt(rnd.nextInt(8) == 0 ? 9 : 5)];
        for (int i = 0; i < s.length; i++) {
            int e = rnd.nextInt(12);
            s[i] = e < 7 ? rnd.nextInt(4) : e < 9 ? -1 - rnd.nextInt(4) : e < 10 ? -1 : HUGE[rnd.nextInt(HUGE.length)];
        }
        return s;
    }

    private Scalar scalar() {
        int k = rnd.nextInt(12);
        if (k < 4) {
            return Scalar.of((long) (rnd.nextInt(7) - 3));
        }
        if (k < 7) {
            return Scalar.of(rnd.nextInt(3) == 0 ? randomDouble() : (rnd.nextInt(13) - 6) / 2.0);
        }
        if (k < 8) {
            return Scalar.of(rnd.nextBoolean());
        }
        if (k < 10) {
            return Scalar.of(oneOf(Long.MIN_VALUE, Long.MAX_VALUE, 1L << 40, -(1L << 40), 0L));
        }
        if (k < 11) {
            return Scalar.of(oneOf(Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1e300, -1e300, 1e-300,
                    4.9e-324, -0.0));
        }
        return null;
    }

    private double randomDouble() {
        switch (rnd.nextInt(10)) {
            case 0: return Double.NaN;
            case 1: return Double.POSITIVE_INFINITY;
            case 2: return Double.NEGATIVE_INFINITY;
            case 3: return -0.0;
            case 4: return 1e300;
            default: return rnd.nextInt(11) - 5;
        }
    }

    private long[] randomShape() {
        long[] sizes = new long[rnd.nextInt(5)];
        for (int d = 0; d < sizes.length; d++) {
            int k = rnd.nextInt(8);
            sizes[d] = k == 0 ? 0 : k < 3 ? 1 : k < 6 ? 2 : 3;
        }
        return sizes;
    }

    private Tensor tensor() {
        int k = rnd.nextInt(20);
        Tensor t;
        if (k < 2 && !made.isEmpty()) {
            t = made.get(rnd.nextInt(made.size())); // the same tensor twice
        } else if (k < 3 && !made.isEmpty()) {
            t = overlappingView(made.get(rnd.nextInt(made.size())));
        } else if (k < 4 && !made.isEmpty()) {
            t = apiView(made.get(rnd.nextInt(made.size())));
        } else {
            long[] sizes = k < 12 ? common.clone() : k < 14 ? new long[0] : randomShape();
            if (k >= 10 && k < 12 && sizes.length > 0) {
                sizes[rnd.nextInt(sizes.length)] = 1; // broadcasts against the others
            }
            ScalarType dtype = rnd.nextInt(4) == 0 ? DTYPES[rnd.nextInt(DTYPES.length)] : commonDtype;
            t = tensorOf(dtype, sizes);
            if (dtype.isFloatingPoint() && rnd.nextInt(8) == 0) {
                t.requiresGrad_(true); // in-place operations on it are refused
            }
        }
        if (!made.contains(t)) {
            made.add(t);
        }
        return t;
    }

    /** A view made by an operator (so autograd and the version counter know it is one): transposed or detached. */
    private Tensor apiView(Tensor base) {
        int k = rnd.nextInt(3);
        if (k == 0 && base.dim() >= 2) {
            return base.transpose(0, 1);
        }
        if (k == 1) {
            return base.unsqueeze(0);
        }
        return base.detach();
    }

    /** A view of the same storage shifted by one element, or with its strides zeroed, or the storage as 1-D. */
    private Tensor overlappingView(Tensor base) {
        long[] sizes = base.sizes();
        long[] strides = base.strides();
        int k = rnd.nextInt(3);
        if (k == 0 && base.storageOffset() > 0) {
            return Tensor.FACTORY.wrap(base.storage(), sizes, strides, base.storageOffset() - 1);
        }
        if (k == 1) {
            return Tensor.FACTORY.wrap(base.storage(), sizes, new long[sizes.length], base.storageOffset());
        }
        return Tensor.FACTORY.wrap(base.storage(), new long[] {1}, new long[] {1}, base.storageOffset());
    }

    /** Contiguous, at an offset, transposed, expanded along one dim or all, or every other element. */
    private Tensor tensorOf(ScalarType dtype, long[] sizes) {
        long[] strides = TensorGeometry.contiguousStrides(sizes);
        long offset = 0;
        switch (rnd.nextInt(10)) {
            case 5:
                strides = new long[sizes.length];
                break;
            case 6:
                offset = 1 + rnd.nextInt(3);
                break;
            case 7:
                if (sizes.length >= 2) {
                    long[] swapped = sizes.clone();
                    swapped[0] = sizes[1];
                    swapped[1] = sizes[0];
                    long[] s = TensorGeometry.contiguousStrides(swapped);
                    strides = s.clone();
                    strides[0] = s[1];
                    strides[1] = s[0];
                }
                break;
            case 8:
                if (sizes.length >= 1) {
                    strides[rnd.nextInt(sizes.length)] = 0;
                }
                break;
            case 9:
                for (int d = 0; d < strides.length; d++) {
                    strides[d] *= 2;
                }
                break;
            default:
                break;
        }
        long need = Math.max(TensorGeometry.requiredStorageSize(sizes, strides, offset), offset + 1);
        return Tensor.FACTORY.wrap(storage(dtype, (int) need), sizes, strides, offset);
    }

    private Storage storage(ScalarType dtype, int n) {
        switch (dtype) {
            case Bool: {
                boolean[] v = new boolean[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextBoolean();
                }
                return Storage.wrap(v);
            }
            case Int32: {
                int[] v = new int[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(8) == 0 ? rnd.nextInt() : rnd.nextInt(7) - 3;
                }
                return Storage.wrap(v);
            }
            case Int64: {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(8) == 0 ? rnd.nextLong() : rnd.nextInt(7) - 3;
                }
                return Storage.wrap(v);
            }
            case Float32: {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (float) randomDouble();
                }
                return Storage.wrap(v);
            }
            default: {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = randomDouble();
                }
                return Storage.wrap(v);
            }
        }
    }
}
