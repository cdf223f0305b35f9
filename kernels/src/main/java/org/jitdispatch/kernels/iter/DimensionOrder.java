package org.jitdispatch.kernels.iter;

/**
 * TensorIterator's reorder_dimensions: the iteration order (dimension 0 fastest) that recovers the
 * permutation applied to the inputs, so that outputs are allocated in the inputs' layout and memory is
 * walked linearly. See ATen's NOTE [Computing output strides]:
 * <ol>
 *   <li>operands are consulted in order (outputs that exist and keep their shape first, then inputs);
 *   <li>a broadcast dimension (stride 0) is ambiguous: the next operand decides;
 *   <li>a strictly smaller stride goes first;
 *   <li>equal strides keep their order unless the dimensions' sizes say they were permuted.
 * </ol>
 */
final class DimensionOrder {
    private DimensionOrder() {
    }

    /**
     * The permutation: {@code perm[i]} is the tensor dimension iterated as dimension i. {@code strides[k]}
     * is operand k's strides in tensor order, or null for an operand that does not take part (an output
     * being allocated or resized).
     */
    static int[] compute(long[] shape, long[][] strides) {
        int ndim = shape.length;
        int[] perm = new int[ndim];
        for (int i = 0; i < ndim; i++) {
            perm[i] = ndim - 1 - i;
        }
        if (ndim <= 1) {
            return perm;
        }
        // Insertion sort that tolerates ambiguous comparisons: it stops at the first "keep order".
        for (int i = 1; i < ndim; i++) {
            int dim1 = i;
            for (int dim0 = i - 1; dim0 >= 0; dim0--) {
                int comparison = shouldSwap(shape, strides, perm[dim0], perm[dim1]);
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
        return perm;
    }

    /** 1 if dim0 should come after dim1, -1 if before, 0 if no operand can tell. */
    private static int shouldSwap(long[] shape, long[][] strides, int dim0, int dim1) {
        for (long[] s : strides) {
            if (s == null) {
                continue;
            }
            long stride0 = s[dim0];
            long stride1 = s[dim1];
            if (stride0 == 0 || stride1 == 0) {
                continue;
            }
            if (stride0 < stride1) {
                return -1;
            }
            if (stride0 > stride1) {
                return 1;
            }
            // Equal strides: only a larger size on dim0 says the dimensions were swapped.
            if (shape[dim0] > shape[dim1]) {
                return 1;
            }
        }
        return 0;
    }
}
