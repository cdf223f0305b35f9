package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkIterationsTest {
    /** JMH's output of two benchmarks with -prof gc (its secondary lines indented under each iteration). */
    private static final List<String> LOG = List.of(
            "# JMH version: 1.37",
            "# Warmup: 2 iterations, 1 s each",
            "# Benchmark: org.jitdispatch.bench.AddCallPathBenchmark.direct",
            "# Parameters: (size = 64)",
            "",
            "# Run progress: 0.00% complete, ETA 00:00:10",
            "# Fork: 1 of 1",
            "# Warmup Iteration   1: 95.123 ns/op",
            "# Warmup Iteration   2: 21.500 ns/op",
            "Iteration   1: 20.250 ns/op",
            "                 gc.alloc.rate:      0.001 MB/sec",
            "                 gc.alloc.rate.norm: ≈ 10⁻⁵ B/op",
            "Iteration   2: 20.750 ns/op",
            "",
            "Result \"org.jitdispatch.bench.AddCallPathBenchmark.direct\":",
            "  20.500 ±(99.9%) 1.000 ns/op",
            "# Benchmark: org.example.gate.GateBenchmark.bigCall",
            "# Run progress: 50.00% complete, ETA 00:00:05",
            "# Fork: 1 of 1",
            "# Warmup Iteration   1: 1234,5 ops/s",
            "Iteration   1: ≈ 10⁻⁴ ops/s");

    @Test
    void everyForksWarmupAndMeasurementIterationsAreRead() {
        List<BenchmarkIterations.Fork> forks = BenchmarkIterations.forks(LOG);
        assertEquals(2, forks.size());
        BenchmarkIterations.Fork add = forks.get(0);
        assertEquals("AddCallPathBenchmark.direct size=64", add.key());
        assertEquals("ns/op", add.unit());
        assertEquals(List.of(95.123, 21.5), add.warmup());
        assertEquals(List.of(20.25, 20.75), add.measurement());
        BenchmarkIterations.Fork gate = forks.get(1);
        assertEquals("GateBenchmark.bigCall", gate.key(), "no parameters left over from the benchmark before");
        assertEquals(List.of(1234.5), gate.warmup(), "a comma as the decimal point");
        assertTrue(Double.isNaN(gate.measurement().get(0)), "JMH's ≈ 10⁻⁴ is no number");
    }

    @Test
    void withoutRecordingsNoForkGetsADeoptimizationCount(@TempDir Path dir) throws Exception {
        List<BenchmarkIterations> all = BenchmarkIterations.collect(LOG, dir.resolve("none"));
        assertEquals(2, all.size());
        assertNull(all.get(0).deoptimizations());
        BenchmarkIterations.write(dir, all);
        Map<String, BenchmarkIterations> back = BenchmarkIterations.read(dir);
        assertEquals(all.get(0), back.get("AddCallPathBenchmark.direct size=64"));
        assertTrue(BenchmarkIterations.read(dir.resolve("elsewhere")).isEmpty(), "a report without the file");
    }
}
