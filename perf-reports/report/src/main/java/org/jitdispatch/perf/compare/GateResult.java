package org.jitdispatch.perf.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.jitdispatch.perf.inlining.InlineVerdict;

/**
 * What {@link RegressionGate} found: every benchmark of both runs with its regressions, the benchmarks
 * in one run only, and the inlining lost.
 *
 * @param inliningCompared whether both runs were report directories with inlining verdicts
 */
public record GateResult(List<Judged> rows, List<String> onlyBefore, List<String> onlyAfter, boolean inliningCompared,
                         List<InlineVerdict> lostInlining, GateLimits limits) {

    /** One benchmark in both runs, and what regressed in it (nothing, mostly). */
    public record Judged(Comparison.Row row, List<Regression> regressions) {
        public boolean regressed() {
            return !regressions.isEmpty();
        }

        /** "REGRESSION: ...", or the noise verdict, saying when a slowdown is within the limit. */
        public String verdict(GateLimits limits) {
            if (regressed()) {
                return "REGRESSION: " + regressions.stream().map(Regression::description).collect(Collectors.joining(", "));
            }
            String speed = row.verdict();
            return speed.startsWith("slower") ? speed + ", within the " + plain(limits.maxSlowdownPercent()) + "% limit" : speed;
        }
    }

    public GateResult {
        rows = List.copyOf(rows);
        onlyBefore = List.copyOf(onlyBefore);
        onlyAfter = List.copyOf(onlyAfter);
        lostInlining = List.copyOf(lostInlining);
    }

    public boolean passed() {
        return !rows.isEmpty() && rows.stream().noneMatch(Judged::regressed) && lostInlining.isEmpty();
    }

    /**
     * One line: PASS or FAIL (REPORT ONLY when not {@code enforced}), what was compared, what regressed, and
     * the limits.
     */
    public String headline(boolean enforced) {
        String outcome = !enforced ? "REPORT ONLY" : passed() ? "PASS" : "FAIL";
        if (rows.isEmpty()) {
            return outcome + ": the two runs have no benchmark in common, so nothing was compared";
        }
        long slower = count(Regression.Kind.SLOWER);
        long allocating = count(Regression.Kind.ALLOCATES_MORE);
        List<String> found = new ArrayList<>();
        if (slower > 0) {
            found.add(slower + " slower");
        }
        if (allocating > 0) {
            found.add(allocating + " allocating more");
        }
        if (!lostInlining.isEmpty()) {
            found.add(lostInlining.size() + " no longer inlined");
        }
        String what = found.isEmpty() ? "no regression" : "regressions: " + String.join(", ", found);
        return outcome + ": " + what + " in " + rows.size() + " benchmark" + (rows.size() == 1 ? "" : "s")
                + " compared" + (inliningCompared ? " and their inlining" : "") + " (limits: "
                + plain(limits.maxSlowdownPercent()) + "% slower beyond noise, +" + plain(limits.maxAllocGrowthBytes())
                + " B/op)";
    }

    private long count(Regression.Kind kind) {
        return rows.stream().filter(j -> j.regressions().stream().anyMatch(r -> r.kind() == kind)).count();
    }

    /** A limit as the user wrote it: 5 rather than 5.0, 2.5 as 2.5. */
    static String plain(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }

    /** A score with its error: {@code 20.125 ± 0.310 ns/op}, or {@code ± NaN} when JMH gave no error. */
    public static String score(JmhResult r) {
        return String.format(Locale.ROOT, "%.3f ± %s %s", r.score(),
                r.hasConfidenceInterval() ? String.format(Locale.ROOT, "%.3f", r.error()) : "NaN", r.unit());
    }

    /** The score's change, signed: {@code +24.4%}. */
    public static String change(Comparison.Row r) {
        return String.format(Locale.ROOT, "%+.1f%%", (r.ratio() - 1) * 100);
    }

    /** B/op before and after, {@code 160 → 224}, or {@code -} when a run did not measure it. */
    public static String alloc(Comparison.Row r, String arrow) {
        if (Double.isNaN(r.before().allocNorm()) || Double.isNaN(r.after().allocNorm())) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.0f%s%.0f", r.before().allocNorm(), arrow, r.after().allocNorm());
    }
}
