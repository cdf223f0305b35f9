package org.jitdispatch.kernels.ops;

/**
 * A stable sort of positions by primitive keys, without boxing: a bottom-up merge sort of an {@code int[]} of
 * positions, comparing {@code keys[position]}. Ties keep their positions' order in either direction, as
 * {@code torch.sort(stable=True)} does.
 */
final class StableIndexSort {
    private StableIndexSort() {
    }

    /**
     * The key that orders a floating value as sort does: -0.0 equal to 0.0, every NaN equal to the others and
     * above +infinity (IEEE bits made monotonic: negative values have their magnitude bits flipped).
     */
    static long floatingKey(double v) {
        long bits = Double.doubleToLongBits(v == 0 ? 0.0 : v); // canonical NaN, one zero
        return bits ^ ((bits >> 63) & Long.MAX_VALUE);
    }

    /** Positions {@code 0..n-1} ordered by {@code keys} (ascending or descending), ties in position order. */
    static int[] order(long[] keys, int n, boolean descending) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        int[] b = new int[n];
        for (int width = 1; width < n; width *= 2) {
            for (int lo = 0; lo < n; lo += 2 * width) {
                int mid = Math.min(lo + width, n);
                int hi = Math.min(lo + 2 * width, n);
                merge(keys, a, b, lo, mid, hi, descending);
            }
            int[] t = a;
            a = b;
            b = t;
        }
        return a;
    }

    /** Merges the sorted runs {@code from[lo, mid)} and {@code from[mid, hi)} into {@code to[lo, hi)}. */
    private static void merge(long[] keys, int[] from, int[] to, int lo, int mid, int hi, boolean descending) {
        int i = lo;
        int j = mid;
        for (int k = lo; k < hi; k++) {
            boolean takeRight;
            if (i >= mid) {
                takeRight = true;
            } else if (j >= hi) {
                takeRight = false;
            } else {
                long left = keys[from[i]];
                long right = keys[from[j]];
                takeRight = descending ? right > left : right < left; // equal keys: the left one first
            }
            to[k] = takeRight ? from[j++] : from[i++];
        }
    }
}
