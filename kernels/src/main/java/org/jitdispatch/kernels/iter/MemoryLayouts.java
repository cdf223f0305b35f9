package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.TensorGeometry;

/**
 * c10's layout predicates, computed from sizes and strides the way TensorImpl caches them. They decide
 * TensorIterator's fast set-up, so they follow c10 exactly, including its corner cases.
 */
final class MemoryLayouts {
    private MemoryLayouts() {
    }

    /** compute_contiguous: row-major dense, size-1 dimensions ignored, empty tensors contiguous. */
    static boolean isContiguous(long[] sizes, long[] strides) {
        return TensorGeometry.isContiguous(sizes, strides);
    }

    /** compute_channels_last_contiguous_2d: NHWC-dense 4-d tensors (never for other ranks). */
    static boolean isChannelsLastContiguous(long[] sizes, long[] strides) {
        if (sizes.length != 4) {
            return false;
        }
        long expected = 1;
        for (int d : new int[] {1, 3, 2, 0}) {
            if (sizes[d] != 1) {
                if (strides[d] != expected) {
                    return false;
                }
                expected *= sizes[d];
            }
        }
        return true;
    }

    /** get_channels_last_strides_2d for a 4-d shape. */
    static long[] channelsLastStrides(long[] sizes) {
        long[] strides = new long[4];
        strides[1] = 1;
        strides[3] = sizes[1];
        strides[2] = strides[3] * sizes[3];
        strides[0] = strides[2] * sizes[2];
        return strides;
    }

    /**
     * compute_non_overlapping_and_dense: some permutation of the dimensions is contiguous (dimensions of
     * size 0 or 1 are ignored).
     */
    static boolean isNonOverlappingAndDense(long[] sizes, long[] strides) {
        int n = sizes.length;
        if (n == 1) {
            return sizes[0] < 2 || strides[0] == 1;
        }
        Integer[] perm = new Integer[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        // Sort by stride, leaving dims of size 0 or 1 at the end.
        java.util.Arrays.sort(perm, (a, b) -> {
            boolean aTrivial = sizes[a] < 2;
            boolean bTrivial = sizes[b] < 2;
            if (aTrivial || bTrivial) {
                return Boolean.compare(aTrivial, bTrivial);
            }
            return Long.compare(strides[a], strides[b]);
        });
        long require = 1;
        for (int i = 0; i < n; i++) {
            long size = sizes[perm[i]];
            if (size < 2) {
                return true;
            }
            if (strides[perm[i]] != require) {
                return false;
            }
            require *= size;
        }
        return true;
    }
}
