package org.jitdispatch.runtime;

import java.util.Arrays;

/** Arithmetic on sizes and strides shared by tensors, views and kernels. */
public final class TensorGeometry {
    private TensorGeometry() {
    }

    /** Row-major strides for {@code sizes}; a size-0 or size-1 dimension still gets a stride as in c10. */
    public static long[] contiguousStrides(long[] sizes) {
        long[] strides = new long[sizes.length];
        long running = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            strides[d] = running;
            running *= Math.max(sizes[d], 1);
        }
        return strides;
    }

    public static long numel(long[] sizes) {
        long n = 1;
        for (long s : sizes) {
            n = Math.multiplyExact(n, s);
        }
        return n;
    }

    /** c10's definition: size-1 dimensions may have any stride, and empty tensors are contiguous. */
    public static boolean isContiguous(long[] sizes, long[] strides) {
        for (long s : sizes) {
            if (s == 0) {
                return true;
            }
        }
        long expected = 1;
        for (int d = sizes.length - 1; d >= 0; d--) {
            if (sizes[d] != 1) {
                if (strides[d] != expected) {
                    return false;
                }
                expected *= sizes[d];
            }
        }
        return true;
    }

    /** Elements of storage a view needs: one past its furthest element (0 for an empty view). */
    public static long requiredStorageSize(long[] sizes, long[] strides, long storageOffset) {
        long last = storageOffset;
        for (int d = 0; d < sizes.length; d++) {
            if (sizes[d] == 0) {
                return 0;
            }
            last += (sizes[d] - 1) * strides[d];
        }
        return last + 1;
    }

    /** Rejects negative sizes with c10's wording. */
    public static void checkSizes(String op, long[] sizes) {
        for (long s : sizes) {
            if (s < 0) {
                throw new IllegalArgumentException(op + ": Trying to create tensor with negative dimension " + s
                        + ": " + Arrays.toString(sizes));
            }
        }
    }

    /** Wraps a possibly negative dim into [0, ndim) with PyTorch's error for out-of-range dims. */
    public static int wrapDim(long dim, int ndim) {
        int effective = Math.max(ndim, 1);
        if (dim < -effective || dim >= effective) {
            throw new IndexOutOfBoundsException("Dimension out of range (expected to be in range of ["
                    + (-effective) + ", " + (effective - 1) + "], but got " + dim + ")");
        }
        return (int) (dim < 0 ? dim + effective : dim);
    }

    /** PyTorch prints sizes as {@code [2, 3]}. */
    public static String format(long[] sizes) {
        return Arrays.toString(sizes);
    }
}
