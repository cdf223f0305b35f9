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

    /**
     * The storage index of every element of a tensor of this geometry, in row-major order of the elements'
     * indices (follows the strides, so works for views; a position may repeat where strides overlap).
     */
    public static long[] elementOffsets(long[] sizes, long[] strides, long storageOffset) {
        long[] out = new long[Math.toIntExact(numel(sizes))];
        if (out.length == 0) {
            return out;
        }
        int nd = sizes.length;
        long[] counter = new long[nd];
        long off = storageOffset;
        for (int i = 0; i < out.length; i++) {
            out[i] = off;
            for (int d = nd - 1; d >= 0; d--) { // the next index, as an odometer
                if (++counter[d] < sizes[d]) {
                    off += strides[d];
                    break;
                }
                off -= (sizes[d] - 1) * strides[d];
                counter[d] = 0;
            }
        }
        return out;
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

    /** get_channels_last_strides_2d: NHWC strides for a 4-d shape (no max(size, 1), as in c10). */
    public static long[] channelsLastStrides(long[] sizes) {
        long[] strides = new long[4];
        strides[1] = 1;
        strides[3] = sizes[1];
        strides[2] = strides[3] * sizes[3];
        strides[0] = strides[2] * sizes[2];
        return strides;
    }

    /** get_channels_last_strides_3d: NDHWC strides for a 5-d shape (no max(size, 1), as in c10). */
    public static long[] channelsLast3dStrides(long[] sizes) {
        long[] strides = new long[5];
        strides[1] = 1;
        strides[4] = sizes[1];
        strides[3] = strides[4] * sizes[4];
        strides[2] = strides[3] * sizes[3];
        strides[0] = strides[2] * sizes[2];
        return strides;
    }

    /** compute_channels_last_contiguous_2d: NHWC-dense 4-d tensors (never for other ranks). */
    public static boolean isChannelsLastContiguous(long[] sizes, long[] strides) {
        return sizes.length == 4 && isDenseInOrder(sizes, strides, new int[] {1, 3, 2, 0});
    }

    /** compute_channels_last_contiguous_3d: NDHWC-dense 5-d tensors (never for other ranks). */
    public static boolean isChannelsLast3dContiguous(long[] sizes, long[] strides) {
        return sizes.length == 5 && isDenseInOrder(sizes, strides, new int[] {1, 4, 3, 2, 0});
    }

    /**
     * Dense when walking the dimensions in {@code order}, innermost first, size-1 dimensions ignored (no
     * special case for empty tensors, as in c10).
     */
    private static boolean isDenseInOrder(long[] sizes, long[] strides, int[] order) {
        long expected = 1;
        for (int d : order) {
            if (sizes[d] != 1) {
                if (strides[d] != expected) {
                    return false;
                }
                expected *= sizes[d];
            }
        }
        return true;
    }

    /**
     * c10's is_non_overlapping_and_dense(): some order of the dimensions of size 2 or more is contiguous (stable
     * sort by stride, as compute_non_overlapping_and_dense's), or the tensor has no elements, which c10 counts as
     * contiguous whatever its strides (so that empty_like keeps them).
     */
    public static boolean isNonOverlappingAndDense(long[] sizes, long[] strides) {
        for (long s : sizes) {
            if (s == 0) {
                return true;
            }
        }
        int n = sizes.length;
        if (n == 1) {
            return sizes[0] < 2 || strides[0] == 1;
        }
        int[] perm = new int[n];
        int m = 0;
        for (int d = 0; d < n; d++) {
            if (sizes[d] >= 2) {
                perm[m++] = d;
            }
        }
        for (int i = 1; i < m; i++) { // insertion sort by stride: stable, and n is small
            int d = perm[i];
            int j = i - 1;
            while (j >= 0 && strides[perm[j]] > strides[d]) {
                perm[j + 1] = perm[j];
                j--;
            }
            perm[j + 1] = d;
        }
        long require = 1;
        for (int i = 0; i < m; i++) {
            if (strides[perm[i]] != require) {
                return false;
            }
            require *= sizes[perm[i]];
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
