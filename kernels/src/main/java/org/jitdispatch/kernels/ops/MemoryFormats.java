package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Memory formats as c10 computes them: the strides a format gives new tensors
 * ({@code empty_tensor_restride}), whether a tensor is contiguous in a format, the format a tensor's
 * strides suggest ({@code suggest_memory_format}), and the dense strides that keep a tensor's layout
 * ({@code infer_dense_strides}). The layout predicates themselves live in {@link TensorGeometry}.
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
                return TensorGeometry.channelsLastStrides(sizes);
            case ChannelsLast3d:
                if (sizes.length != 5) {
                    throw new IllegalArgumentException("required rank 5 tensor to use channels_last_3d format");
                }
                return TensorGeometry.channelsLast3dStrides(sizes);
            default:
                throw new IllegalArgumentException("unsupported memory format " + format);
        }
    }

    /** TensorImpl::is_contiguous(memory_format); Preserve reads as Contiguous, as in c10. */
    static boolean isContiguous(TensorImpl t, MemoryFormat format) {
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        switch (format) {
            case ChannelsLast:
                return TensorGeometry.isChannelsLastContiguous(sizes, strides);
            case ChannelsLast3d:
                return TensorGeometry.isChannelsLast3dContiguous(sizes, strides);
            default:
                return TensorGeometry.isContiguous(sizes, strides);
        }
    }

    static boolean isNonOverlappingAndDense(TensorImpl t) {
        return TensorGeometry.isNonOverlappingAndDense(t.sizes(), t.strides());
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
