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
        Map<String, BenchmarkIterations> iterations = BenchmarkIterations.read(data.dir());
        boolean deopts = iterations.values().stream().anyMatch(i -> i.deoptimizations() != null);
        StringBuilder sb = new StringBuilder("<section id=\"results\"><h2>Time and allocation per operation</h2>");
        sb.append(loadNote(data.run()));
        sb.append("<p>Score ± half of JMH's 99.9% confidence interval; B/op from <code>-prof gc</code>"
                + " (<code>gc.alloc.rate.norm</code>); “× direct” is the ratio to the kernel called directly with"
                + " the same parameters. A score whose error is at least half of it is greyed and marked"
                + " <span class=\"mark\">unreliable</span>, and so is a ratio built from one: hover for the numbers.");
        if (!counters) {
            sb.append(" Instructions and cycles per op are not shown: ")
                    .append(Html.esc(data.run().countersExplanation())).append('.');
        }
        sb.append("</p><table class=\"results\"><thead><tr><th>benchmark</th><th>parameters</th><th>time/op</th>"
                + "<th>±</th><th>B/op</th><th>× direct</th>");
        if (counters) {
            sb.append("<th>instructions/op</th><th>cycles/op</th>");
        }
        if (deopts) {
            sb.append("<th>deopts</th>");
        }
        sb.append("</tr></thead><tbody>");
        for (Map.Entry<String, JmhResult> e : data.results().entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            JmhResult r = e.getValue();
            JmhResult direct = directOf(key, data.results());
            Estimate score = Estimate.score(r);
            sb.append("<tr><td>").append(Html.esc(key.benchmarkClass() + "." + key.method())).append("</td><td>")
                    .append(Html.esc(key.paramsText())).append("</td>")
                    .append(FloorSection.cell(score, Html.num(r.score()) + " " + Html.esc(r.unit())))
                    .append(FloorSection.cell(score, Html.num(r.error()), false))
                    .append(FloorSection.cell(Estimate.bytesPerOp(r), Html.num(r.allocNorm())));
            if (direct == null) {
                sb.append("<td class=\"n\">-</td>");
            } else if (direct == r) {
                sb.append("<td class=\"n\">1.00×</td>"); // by definition, whatever the noise
            } else {
                Estimate ratio = score.over(Estimate.score(direct), key.method(), "direct");
                sb.append(FloorSection.cell(ratio, String.format(Locale.ROOT, "%.2f×", ratio.value())));
            }
            if (counters) {
                PerOpCounters c = data.counters().get(e.getKey());
                sb.append("<td class=\"n\">").append(c == null ? "-" : Html.num(c.instructions())).append("</td>")
                        .append("<td class=\"n\">").append(c == null ? "-" : Html.num(c.cycles())).append("</td>");
            }
            if (deopts) {
                BenchmarkIterations it = iterations.get(e.getKey());
                sb.append(deoptCell(it));
            }
            sb.append("</tr>");
        }
        sb.append("</tbody></table>");
        sb.append(iterationCharts(data, iterations));
        return sb.append("</section>").toString();
    }

    private static String deoptCell(BenchmarkIterations it) {
        if (it == null || it.deoptimizations() == null) {
            return "<td class=\"n\">-</td>";
        }
        String reasons = it.describeReasons();
        return "<td class=\"n\"" + (reasons.isEmpty() ? "" : " title=\"" + Html.esc(reasons) + "\"") + ">"
                + it.deoptimizations() + "</td>";
    }

    /**
     * Every benchmark's warm-up and measurement iterations as a small chart, captioned with its
     * deoptimizations and, when its score is unreliable, the mark; nothing for a report without
     * {@code iterations.json}.
     */
    static String iterationCharts(ReportData data, Map<String, BenchmarkIterations> iterations) {
        if (iterations.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<h3 id=\"iterations\">Iterations <small>warm-up and measurement, per"
                + " benchmark</small></h3><p>Each benchmark's iterations in the order its fork ran them:"
                + " <span style=\"color:#ff7f0e\">●</span> warm-up, <span style=\"color:#1f77b4\">●</span> measurement,"
                + " the measurement's mean dashed. Measurement points that still fall, or scatter, are a benchmark"
                + " that had not settled: C2 still compiling, or other work on the machine. Deoptimizations are"
                + " JFR's <code>jdk.Deoptimization</code> events in the benchmark's fork, warm-up included; hover"
                + " the count for HotSpot's reasons.</p><div class=\"iterations\">");
        for (Map.Entry<String, JmhResult> e : data.results().entrySet()) {
            BenchmarkIterations it = iterations.get(e.getKey());
            if (it == null) {
                continue;
            }
            Estimate score = Estimate.score(e.getValue());
            sb.append("<figure class=\"iterations").append(score.isUnreliable() ? " unreliable" : "").append("\">")
                    .append(IterationChartSvg.render(it)).append("<figcaption><code>").append(Html.esc(e.getKey()))
                    .append("</code>");
            if (score.isUnreliable()) {
                sb.append(" <span class=\"mark\" title=\"").append(Html.esc("unreliable: " + score.unreliable()))
                        .append("\">unreliable</span>");
            }
            if (it.deoptimizations() != null) {
                String reasons = it.describeReasons();
                sb.append("<br><span").append(reasons.isEmpty() ? "" : " title=\"" + Html.esc(reasons) + "\"")
                        .append(">").append(it.deoptimizations()).append(it.deoptimizations() == 1 ? " deoptimization"
                                : " deoptimizations").append("</span>");
            }
            sb.append("</figcaption></figure>");
        }
        return sb.append("</div>").toString();
    }

    /**
     * The machine's load around the benchmarks: a note when it was busy (a 1-minute load average above the
     * number of CPUs), else one quiet line; nothing for a report that did not record it.
     */
    static String loadNote(RunInfo run) {
        String load = run.describeLoad();
        if (load == null) {
            return "";
        }
        if (run.busy()) {
            return "<p class=\"note busy\"><b>The machine was busy</b> while the benchmarks ran: its 1-minute load"
                    + " average was " + Html.esc(load) + ", above the number of CPUs. Other work competed with the"
                    + " benchmarks for the cores (the report's own benchmark JVM counts about 1 in the figure after),"
                    + " so the scores are slower and noisier than on a quiet machine, and small differences mean"
                    + " nothing.</p>";
        }
        return "<p class=\"load\">1-minute load average: " + Html.esc(load) + " (not busy).</p>";
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
