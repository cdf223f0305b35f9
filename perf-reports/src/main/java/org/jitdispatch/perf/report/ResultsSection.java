package org.jitdispatch.perf.report;

import java.util.Locale;
import java.util.Map;
import org.jitdispatch.perf.compare.JmhResult;

/** The table of every benchmark: time per op with its error, B/op, the ratio to the direct call, counters. */
final class ResultsSection {
    private ResultsSection() {
    }

    static String render(ReportData data) {
        boolean counters = !data.counters().isEmpty();
        StringBuilder sb = new StringBuilder("<section id=\"results\"><h2>Time and allocation per operation</h2>");
        sb.append("<p>Score ± half of JMH's 99.9% confidence interval; B/op from <code>-prof gc</code>"
                + " (<code>gc.alloc.rate.norm</code>); “× direct” is the ratio to the kernel called directly with"
                + " the same parameters.");
        if (!counters) {
            sb.append(" Instructions and cycles per op are not shown: ")
                    .append(Html.esc(data.run().countersExplanation())).append('.');
        }
        sb.append("</p><table class=\"results\"><thead><tr><th>benchmark</th><th>parameters</th><th>time/op</th>"
                + "<th>±</th><th>B/op</th><th>× direct</th>");
        if (counters) {
            sb.append("<th>instructions/op</th><th>cycles/op</th>");
        }
        sb.append("</tr></thead><tbody>");
        for (Map.Entry<String, JmhResult> e : data.results().entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            JmhResult r = e.getValue();
            JmhResult direct = directOf(key, data.results());
            sb.append("<tr><td>").append(Html.esc(key.benchmarkClass() + "." + key.method())).append("</td><td>")
                    .append(Html.esc(key.paramsText())).append("</td><td class=\"n\">").append(Html.num(r.score()))
                    .append(' ').append(Html.esc(r.unit())).append("</td><td class=\"n\">")
                    .append(Html.num((r.high() - r.low()) / 2)).append("</td><td class=\"n\">")
                    .append(Html.num(r.allocNorm())).append("</td><td class=\"n\">")
                    .append(direct == null ? "-" : String.format(Locale.ROOT, "%.2f×", r.score() / direct.score()))
                    .append("</td>");
            if (counters) {
                PerOpCounters c = data.counters().get(e.getKey());
                sb.append("<td class=\"n\">").append(c == null ? "-" : Html.num(c.instructions())).append("</td>")
                        .append("<td class=\"n\">").append(c == null ? "-" : Html.num(c.cycles())).append("</td>");
            }
            sb.append("</tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }

    /** The direct call of the same class and parameters, or null when the run has none. */
    static JmhResult directOf(BenchmarkKey key, Map<String, JmhResult> results) {
        for (Map.Entry<String, JmhResult> e : results.entrySet()) {
            if (key.comparesWith(BenchmarkKey.parse(e.getKey()))) {
                return e.getValue();
            }
        }
        return null;
    }
}
