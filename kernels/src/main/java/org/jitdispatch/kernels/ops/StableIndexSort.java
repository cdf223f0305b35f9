package org.jitdispatch.kernels.ops;

/**
 * A stable sort of positions by primitive keys, without boxing, and the first k of that order: ties keep their
 * positions' order in either direction, as {@code torch.sort(stable=True)} does. Short runs are merge-sorted
 * ({@code int[]} positions compared through {@code keys[position]}); from {@link #RADIX_MIN} keys on, an LSD radix
 * sort moves keys and positions together (stable by construction, and without the merge sort's reads all over
 * the key array: a million keys take a few passes rather than twenty), skipping the digits all keys share. The
 * first k of a long run come from a bounded heap instead ({@link #firstK}).
 */
final class StableIndexSort {
    /** Keys from which the radix sort runs. */
    static final int RADIX_MIN = 512;

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
        return n < RADIX_MIN ? mergeOrder(keys, n, descending) : radixOrder(keys, n, descending);
    }

    /**
     * The first {@code k} positions of {@link #order}: when k is small against n, from one pass that keeps the k
     * best seen so far in a heap (a later key equal to a kept one comes after it, as in the stable order), then
     * orders those k.
     */
    static int[] firstK(long[] keys, int n, int k, boolean descending) {
        if ((long) k * 16 > n) {
            return java.util.Arrays.copyOf(order(keys, n, descending), k);
        }
        int[] heap = new int[k]; // the kept positions, the one that comes last in the order at the root
        int size = 0;
        for (int i = 0; i < n; i++) {
            if (size < k) {
                heap[size] = i;
                siftUp(keys, heap, size++, descending);
            } else if (descending ? keys[i] > keys[heap[0]] : keys[i] < keys[heap[0]]) {
                heap[0] = i;
                siftDown(keys, heap, k, descending);
            }
        }
        // order the kept ones: by key, then by position (a heap's order says nothing about ties)
        int[] byPosition = heap.clone();
        java.util.Arrays.sort(byPosition);
        long[] sortedKeys = new long[k];
        for (int j = 0; j < k; j++) {
            sortedKeys[j] = keys[byPosition[j]];
        }
        int[] order = mergeOrder(sortedKeys, k, descending);
        int[] result = new int[k];
        for (int j = 0; j < k; j++) {
            result[j] = byPosition[order[j]];
        }
        return result;
    }

    /** Whether position {@code a} comes after position {@code b} in the order. */
    private static boolean after(long[] keys, int a, int b, boolean descending) {
        long ka = keys[a];
        long kb = keys[b];
        if (ka != kb) {
            return descending ? ka < kb : ka > kb;
        }
        return a > b;
    }

    private static void siftUp(long[] keys, int[] heap, int at, boolean descending) {
        int item = heap[at];
        while (at > 0) {
            int parent = (at - 1) >>> 1;
            if (!after(keys, item, heap[parent], descending)) {
                break;
            }
            heap[at] = heap[parent];
            at = parent;
        }
        heap[at] = item;
    }

    private static void siftDown(long[] keys, int[] heap, int size, boolean descending) {
        int at = 0;
        int item = heap[0];
        while (true) {
            int child = 2 * at + 1;
            if (child >= size) {
                break;
            }
            if (child + 1 < size && after(keys, heap[child + 1], heap[child], descending)) {
                child++;
            }
            if (!after(keys, heap[child], item, descending)) {
                break;
            }
            heap[at] = heap[child];
            at = child;
        }
        heap[at] = item;
    }

    /**
     * LSD radix sort of the keys made unsigned (the sign bit flipped; all bits inverted for descending), with
     * their positions: 16-bit digits from 65,536 keys on, 8-bit ones below; a digit every key shares is skipped.
     */
    private static int[] radixOrder(long[] keys, int n, boolean descending) {
        long[] k1 = new long[n];
        long[] k2 = new long[n];
        int[] p1 = new int[n];
        int[] p2 = new int[n];
        for (int i = 0; i < n; i++) {
            long unsigned = keys[i] ^ Long.MIN_VALUE;
            k1[i] = descending ? ~unsigned : unsigned;
            p1[i] = i;
        }
        int bits = n >= 1 << 16 ? 16 : 8;
        int mask = (1 << bits) - 1;
        int[] count = new int[1 << bits];
        for (int shift = 0; shift < 64; shift += bits) {
            java.util.Arrays.fill(count, 0);
            for (int i = 0; i < n; i++) {
                count[(int) (k1[i] >>> shift) & mask]++;
            }
            if (count[(int) (k1[0] >>> shift) & mask] == n) {
                continue;
            }
            int start = 0;
            for (int d = 0; d <= mask; d++) {
                int c = count[d];
                count[d] = start;
                start += c;
            }
            for (int i = 0; i < n; i++) {
                long key = k1[i];
                int at = count[(int) (key >>> shift) & mask]++;
                k2[at] = key;
                p2[at] = p1[i];
            }
            long[] kt = k1;
            k1 = k2;
            k2 = kt;
            int[] pt = p1;
            p1 = p2;
            p2 = pt;
        }
        return p1;
    }

    /** The merge sort of {@link #order}: bottom-up, over positions. */
    static int[] mergeOrder(long[] keys, int n, boolean descending) {
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
