package org.jitdispatch.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Each plain-Java-loop baseline of SizeScalingBenchmark does its op's work: the same numbers as the op on
 * the benchmark's own inputs, on one thread and on all (a parallel stream over rows), at sizes that are not
 * powers of two as well.
 */
class SizeScalingBenchmarkTest {
    private SizeScalingBenchmark bench;

    private SizeScalingBenchmark benchmark(int n, String threads) {
        bench = new SizeScalingBenchmark();
        bench.n = n;
        bench.threads = threads;
        bench.setUp();
        return bench;
    }

    @AfterEach
    void restoreThreads() {
        bench.tearDown();
    }

    @ParameterizedTest(name = "n={0}, threads={1}")
    @CsvSource({"8, 1", "8, all", "37, 1", "37, all"})
    void eachLoopComputesWhatItsOpComputes(int n, String threads) {
        SizeScalingBenchmark b = benchmark(n, threads);
        float tolerance = 1e-5f;
        assertArrayEquals(b.add().toFloatArray(), b.loopAdd(), 0f, "add");
        assertArrayEquals(b.mul().toFloatArray(), b.loopMul(), 0f, "mul");
        assertArrayEquals(b.addOut().toFloatArray(), b.loopAddOut(), 0f, "add_out");
        assertEquals(b.sum().item().toDouble(), b.loopSum(), 1e-4, "sum");
        assertEquals(b.mean().item().toDouble(), b.loopMean(), 1e-6, "mean");
        assertArrayEquals(b.softmax().toFloatArray(), b.loopSoftmax(), tolerance, "softmax");
        assertArrayEquals(b.mm().toFloatArray(), b.loopMm(), tolerance * n, "mm");
        assertArrayEquals(b.bmm().toFloatArray(), b.loopBmm(), tolerance * n, "bmm");
    }

    @ParameterizedTest(name = "threads={0}")
    @CsvSource({"1", "all"})
    void threadsSetsTheIntraOpThreadCount(String threads) {
        benchmark(8, threads);
        assertEquals(SizeScalingBenchmark.threadCount(threads), org.jitdispatch.Torch.get_num_threads());
    }
}
