package org.jitdispatch.kernels.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/** The generator's life (seeds, clones, the cached normal sample, threads) and the random operators on meta. */
class RandomOpsTest {
    private static double[] values(Tensor t) {
        return t.toDoubleArray();
    }

    @Test
    void metaTensorsDrawNothing() {
        Torch.manual_seed(7);
        double[] expected = values(Torch.rand(5));
        Torch.manual_seed(7);
        Tensor[] meta = {
            Torch.rand(new long[] {3, 4}, null, null, Device.META, null),
            Torch.randn(new long[] {40}, null, null, Device.META, null),
            Torch.randint(0, 10, new long[] {6}, null, null, Device.META, null),
            Torch.randperm(12, null, null, Device.META, null),
            Torch.normal(0.0, 1.0, new long[] {2}, null, null, null, Device.META, null),
            Torch.empty(new long[] {4}, null, null, Device.META, null, null).bernoulli_(0.5),
            Torch.dropout(Torch.ones(new long[] {8}, null, null, Device.META, null), 0.5, true),
        };
        for (Tensor m : meta) {
            assertTrue(m.isMeta(), m.toString());
        }
        assertArrayEquals(new long[] {3, 4}, meta[0].sizes());
        assertEquals(ScalarType.Int64, meta[2].dtype());
        assertArrayEquals(new long[] {12}, meta[3].sizes());
        assertArrayEquals(expected, values(Torch.rand(5)));
    }

    @Test
    void metaKernelsCheckTheirArguments() {
        Tensor m = Torch.empty(new long[] {3}, null, null, Device.META, null, null);
        assertEquals("normal expects std >= 0.0, but found std -1",
                assertThrows(IllegalArgumentException.class, () -> m.normal_(0, -1)).getMessage());
        assertEquals("bernoulli_ expects p to be in [0, 1], but got p=1.5",
                assertThrows(IllegalArgumentException.class, () -> m.bernoulli_(1.5)).getMessage());
        assertEquals("random_ expects 'from' to be less than 'to', but got from=5 >= to=5",
                assertThrows(IllegalArgumentException.class, () -> m.random_(5, 5L)).getMessage());
    }

    @Test
    void aGeneratorIsItsOwnSequence() {
        Generator a = Torch.generator().manual_seed(3);
        Generator b = Torch.generator().manual_seed(3);
        Torch.manual_seed(99);
        double[] x = values(Torch.randn(new long[] {7}, a));
        Torch.rand(10);   // the default generator does not disturb a or b
        assertArrayEquals(x, values(Torch.randn(new long[] {7}, b)));
        assertEquals(3, a.initial_seed());
    }

    @Test
    void cloneContinuesTheSameSequenceAndCachedSample() {
        CPUGenerator g = new CPUGenerator(11);
        Torch.randn(new long[] {3}, g);   // leaves a cached second sample
        CPUGenerator copy = g.clone();
        assertArrayEquals(values(Torch.randn(new long[] {5}, g)), values(Torch.randn(new long[] {5}, copy)));
    }

    @Test
    void manualSeedClearsTheCachedSample() {
        Generator g = Torch.generator().manual_seed(5);
        double first = values(Torch.randn(new long[] {1}, g.manual_seed(5)))[0];
        double second = values(Torch.randn(new long[] {1}, g))[0];   // the cached sine half
        assertNotEquals(first, second);
        assertEquals(first, values(Torch.randn(new long[] {1}, g.manual_seed(5)))[0]);
    }

    @Test
    void oneCallTakesOneUnbrokenStretchWhenThreadsShareAGenerator() throws Exception {
        int threads = 4, n = 5000;
        CPUGenerator reference = new CPUGenerator(123);
        List<double[]> chunks = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            chunks.add(values(Torch.rand(new long[] {n}, reference)));
        }
        CPUGenerator shared = new CPUGenerator(123);
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<double[]>> results = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                results.add(pool.submit(() -> values(Torch.rand(new long[] {n}, shared))));
            }
            boolean[] used = new boolean[threads];
            for (Future<double[]> f : results) {
                double[] got = f.get();
                int match = -1;
                for (int i = 0; i < threads; i++) {
                    if (!used[i] && Arrays.equals(chunks.get(i), got)) {
                        match = i;
                    }
                }
                assertTrue(match >= 0, "a thread's numbers are not one stretch of the sequence");
                used[match] = true;
            }
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void dropoutIsDifferentiableThroughMul() {
        Torch.manual_seed(0);
        Tensor x = Torch.ones(new long[] {20}, ScalarType.Float32, null, null, null).requiresGrad_(true);
        Tensor y = Torch.dropout(x, 0.5, true);
        y.sum().backward();
        assertArrayEquals(values(y), values(x.grad()));
        assertTrue(Torch.dropout(x, 0.5, false) == x);
    }

    @Test
    void randomOfEachDtypeStaysInItsRange() {
        Torch.manual_seed(1);
        for (double v : values(Torch.empty(new long[] {100}, ScalarType.Int32, null, null, null, null).random_())) {
            assertTrue(v >= 0 && v <= Integer.MAX_VALUE);
        }
        for (double v : values(Torch.randint(-3, 4, new long[] {100}, ScalarType.Float64, null, null, null))) {
            assertTrue(v >= -3 && v < 4 && v == Math.rint(v));
        }
    }

    @Test
    void randomOperatorsAndAutograd() {
        Tensor p = Torch.rand(4).requiresGrad_(true);
        Tensor b = Torch.bernoulli(p);
        assertTrue(!b.requiresGrad());
        assertEquals("a leaf Variable that requires grad is being used in an in-place operation.",
                assertThrows(IllegalStateException.class, () -> p.uniform_()).getMessage());
    }

    /**
     * multinomial's corner cases that the golden file's nested lists cannot hold (PyTorch 1.13's results): rows of
     * no categories, and no rows; a refused call leaves out= as it was.
     */
    @Test
    void multinomialOfNoCategoriesOrNoRows() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.multinomial(Torch.zeros(new long[] {2, 0}, ScalarType.Float32, null, null), 2, true));
        assertEquals("invalid multinomial distribution (sum of probabilities <= 0)", e.getMessage());
        e = assertThrows(IllegalArgumentException.class,
                () -> Torch.multinomial(Torch.zeros(new long[] {0}, ScalarType.Float32, null, null), 1, false));
        assertEquals("cannot sample n_sample > prob_dist.size(-1) samples without replacement", e.getMessage());
        for (boolean replacement : new boolean[] {true, false}) {
            Tensor none = Torch.multinomial(Torch.zeros(new long[] {0, 3}, ScalarType.Float32, null, null), 2, replacement);
            assertArrayEquals(new long[] {0, 2}, none.sizes());
            assertEquals(ScalarType.Int64, none.dtype());
        }
        Tensor out = Torch.full(new long[] {3}, org.jitdispatch.runtime.Scalar.of(7), ScalarType.Int64, null, null, null);
        assertThrows(IllegalArgumentException.class, () -> Torch.multinomial_out(out,
                Torch.tensor(new double[] {0.5, -0.5}, new long[] {2}), 2, true, null));
        assertArrayEquals(new long[] {7, 7, 7}, out.toLongArray());
    }
}
