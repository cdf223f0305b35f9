package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

/**
 * The radix sort and the bounded heap of {@link StableIndexSort} against its merge sort, the definition of the
 * stable order, on the same random keys: few distinct values (many ties), the full signed range, floating keys
 * of special values, runs shorter and longer than the radix threshold, and k from 1 to n.
 */
class StableIndexSortPropertyTest {
    @Property(tries = 600)
    void radixAndHeapGiveTheMergeSortsOrder(@ForAll long seed) {
        Random r = new Random(seed);
        int n = r.nextInt(4) == 0 ? 1 + r.nextInt(StableIndexSort.RADIX_MIN) : StableIndexSort.RADIX_MIN + r.nextInt(5000);
        long[] keys = new long[n];
        int kind = r.nextInt(4);
        double[] special = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, 1.5, -1.5};
        for (int i = 0; i < n; i++) {
            keys[i] = switch (kind) {
                case 0 -> r.nextInt(5) - 2;
                case 1 -> r.nextLong();
                case 2 -> StableIndexSort.floatingKey(r.nextBoolean() ? special[r.nextInt(special.length)]
                        : (float) r.nextGaussian());
                default -> r.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
            };
        }
        boolean descending = r.nextBoolean();
        int[] expected = StableIndexSort.mergeOrder(keys, n, descending);
        String what = "seed " + seed + ", n " + n + ", kind " + kind + ", descending " + descending;
        assertArrayEquals(expected, StableIndexSort.order(keys, n, descending), what);
        int k = 1 + r.nextInt(r.nextBoolean() ? Math.min(n, 20) : n);
        assertArrayEquals(Arrays.copyOf(expected, k), StableIndexSort.firstK(keys, n, k, descending), what + ", k " + k);
    }
}
