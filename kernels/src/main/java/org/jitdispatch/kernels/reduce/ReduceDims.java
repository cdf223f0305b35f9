package org.jitdispatch.kernels.reduce;

import org.jitdispatch.runtime.TensorGeometry;

/**
 * Which dimensions a reduction reduces, and the shape it produces: ATen's {@code make_dim_vector},
 * {@code dim_list_to_bitset}, {@code make_dim_mask} and {@code shape_from_dim_mask} (ReduceOpsUtils.h),
 * with their error messages.
 */
public final class ReduceDims {
    /** ATen's dim_bitset_size: reductions take tensors of at most this many dimensions. */
    public static final int MAX_DIMS = 64;

    private ReduceDims() {
    }

    /** {@code make_dim_vector}: the given dims, or every dim of an {@code ndim}-dimensional tensor when null. */
    public static long[] dimVector(long[] optDims, int ndim) {
        if (optDims != null) {
            return optDims.clone();
        }
        long[] all = new long[ndim];
        for (int d = 0; d < ndim; d++) {
            all[d] = d;
        }
        return all;
    }

    /**
     * {@code make_dim_mask}: which dims are reduced. An empty list reduces every dim (PyTorch 1.13's
     * meaning of {@code dim=[]}); otherwise each dim is wrapped ("Dimension out of range ...") and may
     * appear once ("dim 0 appears multiple times in the list of dims"). The mask has at least one entry,
     * so that a 0-dim tensor can be reduced over dim 0 or -1.
     */
    public static boolean[] mask(long[] dims, int ndim) {
        if (ndim > MAX_DIMS) {
            throw new IllegalArgumentException("only tensors with up to " + MAX_DIMS + " dims are supported");
        }
        boolean[] mask = new boolean[Math.max(ndim, 1)];
        if (dims.length == 0) {
            java.util.Arrays.fill(mask, true);
            return mask;
        }
        for (long dim : dims) {
            int d = TensorGeometry.wrapDim(dim, ndim);
            if (mask[d]) {
                throw new IllegalArgumentException("dim " + d + " appears multiple times in the list of dims");
            }
            mask[d] = true;
        }
        return mask;
    }

    /** {@code shape_from_dim_mask}: reduced dims become 1 with keepdim, and disappear without it. */
    public static long[] reducedShape(long[] sizes, boolean[] mask, boolean keepdim) {
        int kept = 0;
        for (int d = 0; d < sizes.length; d++) {
            if (!mask[d] || keepdim) {
                kept++;
            }
        }
        long[] shape = new long[kept];
        int k = 0;
        for (int d = 0; d < sizes.length; d++) {
            if (!mask[d]) {
                shape[k++] = sizes[d];
            } else if (keepdim) {
                shape[k++] = 1;
            }
        }
        return shape;
    }
}
