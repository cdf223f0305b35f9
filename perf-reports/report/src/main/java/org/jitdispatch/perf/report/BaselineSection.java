package org.jitdispatch.perf.report;

import java.util.Locale;
import org.jitdispatch.perf.compare.Comparison;
import org.jitdispatch.perf.compare.JmhResult;
import org.jitdispatch.perf.jvm.JvmArgs;

/** Before and after per benchmark against a baseline report, with the noise-aware verdicts of {@link Comparison}. */
final class BaselineSection {
    private BaselineSection() {
    }

    static String render(ReportData current, ReportData baseline) {
        Comparison c = new Comparison(baseline.results(), current.results());
        StringBuilder sb = new StringBuilder("<section id=\"baseline\"><h2>Against the baseline</h2>");
        sb.append("<p>Baseline: <code>").append(Html.esc(baseline.dir().toString())).append("</code> (")
                .append(Html.esc(baseline.run().startedAt())).append(", ").append(Html.esc(baseline.run().mode()))
                .append("). A change is called faster or slower only when the two 99.9% confidence intervals do not"
                        + " overlap; otherwise it is within noise.</p>");
        String jvmNote = jvmNote(baseline.run(), current.run());
        if (jvmNote != null) {
            sb.append("<p class=\"note\">").append(Html.esc(jvmNote)).append("</p>");
        }
        if (c.rows().isEmpty()) {
            return sb.append("<p>The two runs have no benchmark in common.</p></section>").toString();
        }
        sb.append("<table class=\"baseline\"><thead><tr><th>benchmark</th><th>before</th><th>after</th>"
                + "<th>after/before</th><th>B/op before → after</th><th>verdict</th></tr></thead><tbody>");
        for (Comparison.Row r : c.rows()) {
            String cls = switch (r.verdict()) {
                case "faster" -> "ok";
                case "slower" -> "bad";
                default -> "noise";
            };
            sb.append("<tr class=\"").append(cls).append("\"><td>").append(Html.esc(r.key())).append("</td><td class=\"n\">")
                    .append(score(r.before())).append("</td><td class=\"n\">").append(score(r.after()))
                    .append("</td><td class=\"n\">").append(String.format(Locale.ROOT, "%.3f×", r.ratio()))
                    .append("</td><td class=\"n\">").append(Html.num(r.before().allocNorm())).append(" → ")
                    .append(Html.num(r.after().allocNorm())).append("</td><td>").append(r.verdict()).append("</td></tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }

    /** One line when the two runs' JVMs (or JVM flags) differ, else null. */
    static String jvmNote(RunInfo before, RunInfo after) {
        if (before.sameJvmAs(after)) {
            return null;
        }
        if (before.jvm().equals(after.jvm())) {
            return "Different JVM flags: the baseline ran with " + flags(before) + ", this report with " + flags(after)
                    + "; differences may come from the flags.";
        }
        return "Different JVMs: the baseline ran on " + before.describeJvm() + flagsSuffix(before) + ", this report on "
                + after.describeJvm() + flagsSuffix(after) + "; differences may come from the JVM.";
    }

    private static String flags(RunInfo run) {
        return run.jvmArgs().isEmpty() ? "no extra flags" : JvmArgs.display(run.jvmArgs());
    }

    private static String flagsSuffix(RunInfo run) {
        return run.jvmArgs().isEmpty() ? "" : " with " + JvmArgs.display(run.jvmArgs());
    }

    private static String score(JmhResult r) {
        return Html.num(r.score()) + " ± " + Html.num((r.high() - r.low()) / 2) + " " + Html.esc(r.unit());
    }
}
