package org.jitdispatch.perf.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.jitdispatch.perf.inlining.InlineVerdict;

/**
 * Judges AFTER against BEFORE. A benchmark regressed when
 * <ul>
 * <li>it is slower beyond the noise (the confidence intervals are apart) by more than the slowdown limit;</li>
 * <li>its allocation per operation grew by more than the allocation limit, when both runs measured it.
 *     Allocation per operation is deterministic, so it needs no confidence interval: any growth is real.
 *     JMH's figure carries a fraction of a byte of the harness's own allocation, so the growth is rounded
 *     to whole bytes first;</li>
 * <li>or, when both runs are report directories, its claimed inlining chain was inlined before and is not
 *     inlined now.</li>
 * </ul>
 * Benchmarks in only one run are listed, not judged: the set of benchmarks may change between two
 * commits. Two runs with no benchmark in common fail, since a gate that compared nothing proves nothing.
 */
public final class RegressionGate {
    private RegressionGate() {
    }

    public static GateResult judge(ComparedRun before, ComparedRun after, GateLimits limits) {
        Comparison comparison = new Comparison(before.results(), after.results());
        List<GateResult.Judged> rows = new ArrayList<>();
        for (Comparison.Row row : comparison.rows()) {
            rows.add(new GateResult.Judged(row, regressions(row, limits)));
        }
        boolean inliningCompared = before.inlining() != null && after.inlining() != null;
        List<InlineVerdict> lost = inliningCompared ? lostInlining(before.inlining(), after.inlining()) : List.of();
        return new GateResult(rows, comparison.onlyBefore(), comparison.onlyAfter(), inliningCompared, lost, limits);
    }

    private static List<Regression> regressions(Comparison.Row row, GateLimits limits) {
        List<Regression> found = new ArrayList<>();
        double slowdownPercent = row.slowdown() * 100;
        if (row.beyondNoise() && slowdownPercent > limits.maxSlowdownPercent()) {
            found.add(new Regression(Regression.Kind.SLOWER, String.format(Locale.ROOT, "%.1f%% slower (limit %s%%)", slowdownPercent,
                    GateResult.plain(limits.maxSlowdownPercent()))));
        }
        long growth = Math.round(row.allocGrowth()); // 0 for NaN: not measured in both runs
        if (!Double.isNaN(row.allocGrowth()) && growth > limits.maxAllocGrowthBytes()) {
            found.add(new Regression(Regression.Kind.ALLOCATES_MORE, String.format(Locale.ROOT, "+%d B/op (limit +%s)", growth,
                    GateResult.plain(limits.maxAllocGrowthBytes()))));
        }
        return found;
    }

    /** The AFTER verdicts of benchmarks whose chain was inlined in BEFORE and is not in AFTER. */
    static List<InlineVerdict> lostInlining(List<InlineVerdict> before, List<InlineVerdict> after) {
        Map<String, InlineVerdict> was = before.stream()
                .collect(Collectors.toMap(InlineVerdict::benchmark, Function.identity(), (a, b) -> b));
        return after.stream()
                .filter(v -> !v.inlined() && was.containsKey(v.benchmark()) && was.get(v.benchmark()).inlined())
                .toList();
    }
}
