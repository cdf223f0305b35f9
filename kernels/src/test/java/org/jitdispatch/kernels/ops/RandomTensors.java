package org.jitdispatch.kernels.ops;

import java.util.Random;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * Random tensors for the fast-path property tests: every dtype, values with zeros of both signs, NaN,
 * infinities and huge magnitudes, and layouts that are contiguous, offset, transposed, expanded (from one
 * element or along one dim) or have odd strides on size-1 dimensions; or, for sums, finite values only. The same
 * {@link Random} gives the same tensors.
 */
final class RandomTensors {
    private final Random rnd;

    RandomTensors(Random rnd) {
        this.rnd = rnd;
    }

    /**
     * A tensor of these sizes: contiguous, or one element expanded, or a view at an offset, transposed,
     * expanded along one dim or odd-strided.
     */
    Tensor tensorOf(ScalarType dtype, long[] sizes) {
        return tensorOf(dtype, sizes, false);
    }

    /**
     * As {@link #tensorOf(ScalarType, long[])}, with {@code finite}: floating values that are finite and
     * of mixed magnitudes (no NaN, infinities or overflow), for sums compared with a tolerance.
     */
    Tensor tensorOf(ScalarType dtype, long[] sizes, boolean finite) {
        long[] strides = TensorGeometry.contiguousStrides(sizes);
        long offset = 0;
        int layout = rnd.nextInt(10);
        if (layout == 5 && sizes.length >= 1) {
            strides = new long[sizes.length]; // one element expanded to every size (sum's gradient)
        } else if (layout == 6) {
            offset = 1 + rnd.nextInt(3);
        } else if (layout == 7 && sizes.length >= 2) {
            strides = transposedStrides(sizes);
        } else if (layout == 8 && sizes.length >= 1) {
            strides = strides.clone();
            strides[rnd.nextInt(sizes.length)] = 0; // expanded along one dimension
        } else if (layout == 9) {
            strides = strides.clone();
            for (int d = 0; d < sizes.length; d++) {
                if (sizes[d] == 1) {
                    strides[d] = 7 + rnd.nextInt(5); // size-1 dimensions may have any stride
                }
            }
        }
        long need = Math.max(TensorGeometry.requiredStorageSize(sizes, strides, offset), offset + 1);
        return Tensor.FACTORY.wrap(randomStorage(dtype, (int) need + rnd.nextInt(2), finite), sizes, strides, offset);
    }

    /** Row-major strides for the sizes with dims 0 and 1 swapped, then swapped back: a transposed view. */
    private long[] transposedStrides(long[] sizes) {
        long[] swapped = sizes.clone();
        swapped[0] = sizes[1];
        swapped[1] = sizes[0];
        long[] s = TensorGeometry.contiguousStrides(swapped);
        long t = s[0];
        s[0] = s[1];
        s[1] = t;
        return s;
    }

    private Storage randomStorage(ScalarType dtype, int n, boolean finite) {
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
                    v[i] = rnd.nextInt(5) == 0 ? rnd.nextInt() : rnd.nextInt(9) - 4;
                }
                return Storage.wrap(v);
            }
            case Int64: {
                long[] v = new long[n];
                for (int i = 0; i < n; i++) {
                    v[i] = rnd.nextInt(5) == 0 ? rnd.nextLong() : rnd.nextInt(9) - 4;
                }
                return Storage.wrap(v);
            }
            case Float32: {
                float[] v = new float[n];
                for (int i = 0; i < n; i++) {
                    v[i] = (float) (finite ? finiteDouble() : randomDouble());
                }
                return Storage.wrap(v);
            }
            case Float64: {
                double[] v = new double[n];
                for (int i = 0; i < n; i++) {
                    v[i] = finite ? finiteDouble() : randomDouble();
                }
                return Storage.wrap(v);
            }
            default: {
                // uint8, int8, int16, float16, bfloat16: values converted as a cast to the dtype would
                Storage s = Storage.allocate(dtype, n);
                for (int i = 0; i < n; i++) {
                    if (dtype.isFloatingPoint()) {
                        s.setDouble(i, finite ? finiteDouble() : randomDouble());
                    } else {
                        s.setLong(i, rnd.nextInt(5) == 0 ? rnd.nextInt() : rnd.nextInt(9) - 4);
                    }
                }
                return s;
            }
        }
    }

    /** A finite value: mostly of order 10, some tiny, some of order 1e4, and zeros. */
    double finiteDouble() {
        switch (rnd.nextInt(10)) {
            case 0: return 0.0;
            case 1: return rnd.nextGaussian() * 1e-3;
            case 2: return rnd.nextGaussian() * 1e4;
            default: return rnd.nextGaussian() * 10;
        }
    }

    double randomDouble() {
        switch (rnd.nextInt(12)) {
            case 0: return 0.0;
            case 1: return -0.0;
            case 2: return Double.NaN;
            case 3: return Double.POSITIVE_INFINITY;
            case 4: return 1e300;
            default: return rnd.nextGaussian() * 10;
        }
    }
}
