package org.jitdispatch.kernels.iter;

import java.util.Arrays;

/**
 * TensorIterator's coalesce_dimensions: merges adjacent iteration dimensions that every operand walks
 * as one (size 1, or stride[d+1] == size[d] * stride[d]), so views and broadcasts loop over as few,
 * long rows as possible.
 */
final class Coalescing {
    private Coalescing() {
    }

    /**
     * Coalesces in place: {@code strides[k]} are operand k's strides in iteration order (dimension 0
     * fastest). Returns the new shape; each {@code strides[k]} is replaced by an array of its length.
     */
    static long[] coalesce(long[] shape, long[][] strides) {
        int ndim = shape.length;
        if (ndim <= 1) {
            return shape;
        }
        long[] s = shape.clone();
        int prev = 0;
        for (int dim = 1; dim < ndim; dim++) {
            if (canCoalesce(s, strides, prev, dim)) {
                if (s[prev] == 1) {
                    replaceStride(strides, prev, dim);
                }
                s[prev] *= s[dim];
            } else {
                prev++;
                if (prev != dim) {
                    replaceStride(strides, prev, dim);
                    s[prev] = s[dim];
                }
            }
        }
        for (int k = 0; k < strides.length; k++) {
            strides[k] = Arrays.copyOf(strides[k], prev + 1);
        }
        return Arrays.copyOf(s, prev + 1);
    }

    private static boolean canCoalesce(long[] shape, long[][] strides, int dim0, int dim1) {
        long shape0 = shape[dim0];
        long shape1 = shape[dim1];
        if (shape0 == 1 || shape1 == 1) {
            return true;
        }
        for (long[] st : strides) {
            if (shape0 * st[dim0] != st[dim1]) {
                return false;
            }
        }
        return true;
    }

    private static void replaceStride(long[][] strides, int dim0, int dim1) {
        for (long[] st : strides) {
            st[dim0] = st[dim1];
        }
    }
}
