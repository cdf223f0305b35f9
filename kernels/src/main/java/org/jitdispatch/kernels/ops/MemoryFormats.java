package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Memory formats as c10 computes them: the strides a format gives new tensors
 * ({@code empty_tensor_restride}), whether a tensor is contiguous in a format, the format a tensor's
 * strides suggest ({@code suggest_memory_format}), and the dense strides that keep a tensor's layout
 * ({@code infer_dense_strides}). (TensorIterator keeps its own copies of the 2-d predicates, package-private
 * in kernels.iter.MemoryLayouts.)
 */
final class MemoryFormats {
    private MemoryFormats() {
    }

    /** The strides {@code empty(sizes, memory_format=format)} gives; Preserve is not a format for a new tensor. */
    static long[] strides(long[] sizes, MemoryFormat format) {
        switch (format) {
            case Contiguous:
                return TensorGeometry.contiguousStrides(sizes);
            case ChannelsLast:
                if (sizes.length != 4) {
                    throw new IllegalArgumentException("required rank 4 tensor to use channels_last format");
                }
                return channelsLastStrides(sizes);
            case ChannelsLast3d:
                if (sizes.length != 5) {
                    throw new IllegalArgumentException("required rank 5 tensor to use channels_last_3d format");
                }
                return channelsLast3dStrides(sizes);
            default:
                throw new IllegalArgumentException("unsupported memory format " + format);
        }
    }

    /** get_channels_last_strides_2d for a 4-d shape (no max(size, 1), as in c10). */
    private static long[] channelsLastStrides(long[] sizes) {
        long[] strides = new long[4];
        strides[1] = 1;
        strides[3] = sizes[1];
        strides[2] = strides[3] * sizes[3];
        strides[0] = strides[2] * sizes[2];
        return strides;
    }

    /** get_channels_last_strides_3d (no max(size, 1), as in c10). */
    private static long[] channelsLast3dStrides(long[] sizes) {
        long[] strides = new long[5];
        strides[1] = 1;
        strides[4] = sizes[1];
        strides[3] = strides[4] * sizes[4];
        strides[2] = strides[3] * sizes[3];
        strides[0] = strides[2] * sizes[2];
        return strides;
    }

    /** TensorImpl::is_contiguous(memory_format); Preserve reads as Contiguous, as in c10. */
    static boolean isContiguous(TensorImpl t, MemoryFormat format) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        switch (format) {
            case ChannelsLast:
                return sizes.length == 4 && isDenseInOrder(sizes, strides, new int[] {1, 3, 2, 0});
            case ChannelsLast3d:
                return sizes.length == 5 && isDenseInOrder(sizes, strides, new int[] {1, 4, 3, 2, 0});
            default:
                return TensorGeometry.isContiguous(sizes, strides);
        }
    }

    /**
     * compute_channels_last_contiguous_2d/_3d: dense when walking the dimensions in {@code order}, innermost
     * first, size-1 dimensions ignored (no special case for empty tensors, as in c10).
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

    static boolean isNonOverlappingAndDense(TensorImpl t) {
        return isNonOverlappingAndDense(t.sizes(), t.strides());
    }

    /**
     * compute_non_overlapping_and_dense: some order of the dimensions of size 2 or more is contiguous
     * (stable sort by stride, as c10's).
     */
    static boolean isNonOverlappingAndDense(long[] sizes, long[] strides) {
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

    /** Tensor::suggest_memory_format(): ChannelsLast(3d) when the strides look like it, else Contiguous. */
    static MemoryFormat suggest(TensorImpl t) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        if (sizes.length == 4 && stridesLikeChannelsLast(sizes, strides, new int[] {1, 3, 2, 0})) {
            return MemoryFormat.ChannelsLast;
        }
        if (sizes.length == 5 && stridesLikeChannelsLast(sizes, strides, new int[] {1, 4, 3, 2, 0})) {
            return MemoryFormat.ChannelsLast3d;
        }
        return MemoryFormat.Contiguous;
    }

    /** is_channels_last_strides_2d_s4 / _3d_s5, c10's heuristic (ambiguous cases fall back to NCHW). */
    private static boolean stridesLikeChannelsLast(long[] sizes, long[] strides, int[] order) {
        long min = 0;
        if (strides[1] == 0) {
            return false;
        }
        for (int d : order) {
            if (sizes[d] == 0) {
                return false;
            }
            if (strides[d] < min) {
                return false;
            }
            if (d == 0 && min == strides[1]) {
                return false;
            }
            min = strides[d];
            if (sizes[d] > 1) {
                min *= sizes[d];
            }
        }
        return true;
    }

    /**
     * infer_dense_strides: dense strides that keep the order of {@code strides} (TensorIterator's
     * ordering: a stable insertion sort by stride, dimensions of stride 0 staying in place, equal strides
     * ordered by size).
     */
    static long[] inferDenseStrides(long[] sizes, long[] strides) {
        int ndim = sizes.length;
        if (ndim == 0) {
            return new long[0];
        }
        if (ndim == 1) {
            return new long[] {1};
        }
        int[] perm = new int[ndim];
        for (int i = 0; i < ndim; i++) {
            perm[i] = ndim - 1 - i;
        }
        for (int i = 1; i < ndim; i++) {
            int dim1 = i;
            for (int j = 1; j <= i; j++) {
                int dim0 = i - j;
                int comparison = shouldSwap(sizes, strides, perm[dim0], perm[dim1]);
                if (comparison > 0) {
                    int t = perm[dim0];
                    perm[dim0] = perm[dim1];
                    perm[dim1] = t;
                    dim1 = dim0;
                } else if (comparison < 0) {
                    break;
                }
            }
        }
        long[] out = new long[ndim];
        long current = 1;
        for (int i = 0; i < ndim; i++) {
            int idx = perm[i];
            out[idx] = current;
            if (sizes[idx] > 1) {
                current *= sizes[idx];
            }
        }
        return out;
    }

    private static int shouldSwap(long[] sizes, long[] strides, int dim0, int dim1) {
        long stride0 = strides[dim0];
        long stride1 = strides[dim1];
        if (stride0 == 0 || stride1 == 0) {
            return 0;
        }
        if (stride0 < stride1) {
            return -1;
        }
        if (stride0 > stride1) {
            return 1;
        }
        return sizes[dim0] > sizes[dim1] ? 1 : 0;
    }
}
