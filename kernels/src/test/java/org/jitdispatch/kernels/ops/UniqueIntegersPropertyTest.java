package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * unique of integer tensors, counted ({@link UniqueIntegers}) when their range is narrow and sorted when it is
 * wide, against a sorted map of the values: the distinct values in order, each element's index among them and each
 * value's count, for every integer dtype, ranges on both sides of the counting limit, and strided inputs.
 */
class UniqueIntegersPropertyTest {
    private static final ScalarType[] DTYPES = {ScalarType.Int64, ScalarType.Int32, ScalarType.Int16, ScalarType.Int8,
        ScalarType.UInt8, ScalarType.Bool};

    @Property(tries = 500)
    void countedAndSortedUniquesAreTheDefinitions(@ForAll long seed) {
        Random r = new Random(seed);
        int n = 1 + r.nextInt(300);
        long spread = switch (r.nextInt(4)) {
            case 0 -> 3;
            case 1 -> n * 2L;
            case 2 -> 1L << 20;
            default -> Long.MAX_VALUE / 4;
        };
        long[] raw = new long[2 * n];
        for (int i = 0; i < raw.length; i++) {
            raw[i] = (long) ((r.nextDouble() - 0.5) * spread);
        }
        ScalarType dtype = DTYPES[r.nextInt(DTYPES.length)];
        Tensor x = Torch.tensor(raw).to(dtype).reshape(2, n).t(); // a transposed view
        long[] values = x.toLongArray();
        TreeMap<Long, Integer> counts = new TreeMap<>();
        for (long v : values) {
            counts.merge(v, 1, Integer::sum);
        }
        Tensor[] result = Torch.unique(x, true, true, true);
        String what = "seed " + seed + ", " + dtype + ", spread " + spread;
        assertEquals(dtype, result[0].dtype(), what);
        assertArrayEquals(counts.keySet().stream().mapToLong(Long::longValue).toArray(), result[0].toLongArray(), what);
        assertArrayEquals(counts.values().stream().mapToLong(Integer::longValue).toArray(), result[2].toLongArray(), what);
        assertArrayEquals(x.sizes(), result[1].sizes(), what);
        long[] distinct = result[0].toLongArray();
        long[] inverse = result[1].toLongArray();
        for (int i = 0; i < values.length; i++) {
            assertEquals(values[i], distinct[(int) inverse[i]], what + ", element " + i);
        }
    }
}
