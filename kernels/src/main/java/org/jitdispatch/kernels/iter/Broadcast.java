package org.jitdispatch.kernels.iter;

/** Broadcasting of shapes (ATen's ExpandUtils infer_size). */
public final class Broadcast {
    private Broadcast() {
    }

    /**
     * The shape both {@code a} and {@code b} broadcast to: shapes align at their last dimension, and a
     * size 1 (or a missing leading dimension) stretches to the other size, even to 0.
     */
    public static long[] inferSize(long[] a, long[] b) {
        int ndim = Math.max(a.length, b.length);
        long[] expanded = new long[ndim];
        for (int i = ndim - 1; i >= 0; i--) {
            int offset = ndim - 1 - i;
            int dimA = a.length - 1 - offset;
            int dimB = b.length - 1 - offset;
            long sizeA = dimA >= 0 ? a[dimA] : 1;
            long sizeB = dimB >= 0 ? b[dimB] : 1;
            if (sizeA != sizeB && sizeA != 1 && sizeB != 1) {
                throw new IllegalArgumentException("The size of tensor a (" + sizeA + ") must match the size of tensor b ("
                        + sizeB + ") at non-singleton dimension " + i);
            }
            expanded[i] = sizeA == 1 ? sizeB : sizeA;
        }
        return expanded;
    }
}
