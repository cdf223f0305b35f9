package org.jitdispatch.perf.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Before/after comparison of two JMH runs: per benchmark present in both, the ratio of scores and
 * whether the change is beyond the noise, i.e. JMH's 99.9% confidence intervals do not overlap.
 */
public final class Comparison {
    /** One benchmark compared. */
    public record Row(String key, JmhResult before, JmhResult after) {
        public double ratio() {
            return after.score() / before.score();
        }

        /** "faster", "slower" (for time per op; reversed for throughput), or "within noise". */
        public String verdict() {
            boolean apart = after.high() < before.low() || after.low() > before.high();
            if (!apart) {
                return "within noise";
            }
            boolean lowerIsBetter = !after.unit().contains("/s");
            boolean lower = after.score() < before.score();
            return lower == lowerIsBetter ? "faster" : "slower";
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> onlyBefore = new ArrayList<>();
    private final List<String> onlyAfter = new ArrayList<>();

    public Comparison(Map<String, JmhResult> before, Map<String, JmhResult> after) {
        before.forEach((k, b) -> {
            JmhResult a = after.get(k);
            if (a == null) {
                onlyBefore.add(k);
            } else {
                rows.add(new Row(k, b, a));
            }
        });
        after.keySet().stream().filter(k -> !before.containsKey(k)).forEach(onlyAfter::add);
    }

    public List<Row> rows() {
        return rows;
    }

    /** A plain-text table: benchmark, before and after (score ± half CI), ratio, B/op, verdict. */
    public String table() {
        int width = Math.max(9, rows.stream().mapToInt(r -> r.key().length()).max().orElse(9));
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "%-" + width + "s  %22s  %22s  %7s  %17s  %s%n", "benchmark", "before",
                "after", "ratio", "B/op before→after", "verdict"));
        for (Row r : rows) {
            sb.append(String.format(Locale.ROOT, "%-" + width + "s  %22s  %22s  %6.3fx  %17s  %s%n", r.key(),
                    score(r.before()), score(r.after()), r.ratio(), alloc(r), r.verdict()));
        }
        onlyBefore.forEach(k -> sb.append("only in BEFORE: ").append(k).append('\n'));
        onlyAfter.forEach(k -> sb.append("only in AFTER:  ").append(k).append('\n'));
        return sb.toString();
    }

    private static String score(JmhResult r) {
        return String.format(Locale.ROOT, "%.3f ± %.3f %s", r.score(), (r.high() - r.low()) / 2, r.unit());
    }

    private static String alloc(Row r) {
        if (Double.isNaN(r.before().allocNorm()) || Double.isNaN(r.after().allocNorm())) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.0f→%.0f", r.before().allocNorm(), r.after().allocNorm());
    }
}
