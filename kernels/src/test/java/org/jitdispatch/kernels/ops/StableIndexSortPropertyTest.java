package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * The primitive merge sort of sort and topk against the stable boxed sort with sort's comparator (NaN above
 * every number, -0.0 equal to 0.0), on random values full of ties, signed zeros, infinities and NaNs.
 */
class StableIndexSortPropertyTest {
    private static final double[] SPECIAL = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, 1.5, -1.5, Double.MIN_VALUE, -Double.MAX_VALUE};

    @Property(tries = 500)
    void floatingOrderIsTheStableComparatorOrder(@ForAll long seed, @ForAll @IntRange(min = 0, max = 70) int n,
            @ForAll boolean descending) {
        Random rnd = new Random(seed);
        double[] v = new double[n];
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextInt(3) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)] : rnd.nextInt(7) - 3;
            keys[i] = StableIndexSort.floatingKey(v[i]);
        }
        Comparator<Integer> cmp = (a, b) -> {
            boolean na = Double.isNaN(v[a]), nb = Double.isNaN(v[b]);
            if (na || nb) {
                return na == nb ? 0 : na ? 1 : -1;
            }
            return v[a] < v[b] ? -1 : v[a] > v[b] ? 1 : 0;
        };
        assertArrayEquals(reference(n, descending ? cmp.reversed() : cmp), StableIndexSort.order(keys, n, descending),
                Arrays.toString(v));
    }

    @Property(tries = 300)
    void integerOrderIsTheStableComparatorOrder(@ForAll long seed, @ForAll @IntRange(min = 0, max = 70) int n,
            @ForAll boolean descending) {
        Random rnd = new Random(seed);
        long[] keys = new long[n];
        for (int i = 0; i < n; i++) {
            keys[i] = rnd.nextInt(4) == 0 ? rnd.nextLong() : rnd.nextInt(5) - 2;
        }
        Comparator<Integer> cmp = (a, b) -> Long.compare(keys[a], keys[b]);
        assertArrayEquals(reference(n, descending ? cmp.reversed() : cmp), StableIndexSort.order(keys, n, descending));
    }

    private static int[] reference(int n, Comparator<Integer> cmp) {
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, cmp); // a merge sort: stable
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }
}
