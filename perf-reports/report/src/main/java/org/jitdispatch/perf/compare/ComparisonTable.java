package org.jitdispatch.perf.compare;

import java.util.Locale;
import org.jitdispatch.perf.inlining.InlineVerdict;

/** {@code compare}'s console output: a plain-text table, the benchmarks in one run only, lost inlining, the headline. */
public final class ComparisonTable {
    private ComparisonTable() {
    }

    public static String render(GateResult result, boolean enforced) {
        int width = Math.max(9, result.rows().stream().mapToInt(j -> j.row().key().length()).max().orElse(9));
        String format = "%-" + width + "s  %24s  %24s  %8s  %17s  %s%n";
        StringBuilder sb = new StringBuilder();
        if (!result.rows().isEmpty()) {
            sb.append(String.format(Locale.ROOT, format, "benchmark", "before", "after", "change", "B/op before→after",
                    "verdict"));
            for (GateResult.Judged j : result.rows()) {
                Comparison.Row r = j.row();
                sb.append(String.format(Locale.ROOT, format, r.key(), GateResult.score(r.before()),
                        GateResult.score(r.after()), GateResult.change(r), GateResult.alloc(r, "→"),
                        j.verdict(result.limits())));
            }
        }
        result.onlyBefore().forEach(k -> sb.append("only in BEFORE: ").append(k).append('\n'));
        result.onlyAfter().forEach(k -> sb.append("only in AFTER:  ").append(k).append('\n'));
        for (InlineVerdict v : result.lostInlining()) {
            sb.append("inlining lost:  ").append(v.describe().replaceFirst("^NOT INLINED\\s+", "")).append('\n');
        }
        return sb.append(result.headline(enforced)).append('\n').toString();
    }
}
