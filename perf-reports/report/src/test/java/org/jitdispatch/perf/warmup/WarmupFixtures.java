package org.jitdispatch.perf.warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Made-up warm-up runs for tests. */
public final class WarmupFixtures {
    private WarmupFixtures() {
    }

    /** A made-up run of 250 ms intervals with the given throughputs and deoptimizations. */
    public static WarmupResult synthetic(double[] ops, int[] deopts, Double steady, Double timeToSteady,
                                         Double lowest, Double lowestAt, int dips) {
        List<Double> starts = new ArrayList<>();
        List<Double> ends = new ArrayList<>();
        List<Double> rates = new ArrayList<>();
        List<Integer> d = new ArrayList<>();
        List<Integer> zeros = new ArrayList<>();
        for (int i = 0; i < ops.length; i++) {
            starts.add(i * 0.25);
            ends.add((i + 1) * 0.25);
            rates.add(ops[i]);
            d.add(deopts[i]);
            zeros.add(0);
        }
        return new WarmupResult(WarmupResult.FORMAT,
                new WarmupResult.Jvm("Test VM", "tester", "17.0.1", List.of(), 2), "2026-01-01T00:00:00Z",
                ops.length * 0.25, 250,
                new WarmupResult.Workload(List.of("float32", "int64"), List.of("add.Tensor", "mm"), 10, 5.0, 100.0),
                steady, Boolean.TRUE, timeToSteady, 2.0, 0.2, lowest, lowestAt, dips,
                new WarmupResult.Intervals(starts, ends, null, rates, d, zeros, zeros, null, null, null),
                new WarmupResult.Deoptimizations(d.stream().mapToInt(Integer::intValue).sum() + 3, 3,
                        d.stream().mapToInt(Integer::intValue).sum(), Map.of("class_check/maybe_recompile", 1),
                        List.of(new WarmupResult.DeoptimizedMethod("a.B.c", 4, 1, Map.of("class_check/maybe_recompile", 4)))),
                new WarmupResult.Compilations(100, 80, 20, 1500.0,
                        List.of(new WarmupResult.Compiled("a.B.loop", 700, 0.5, false, 65536, 7000))));
    }
}
