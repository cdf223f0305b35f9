package org.jitdispatch.perf.report;

import org.jitdispatch.perf.inlining.InlineVerdict;

/** The inlining verdicts: per benchmark that claims a chain, whether C2 inlined all of it, and if not why. */
final class InliningSection {
    private InliningSection() {
    }

    static String render(ReportData data) {
        StringBuilder sb = new StringBuilder("<section id=\"inlining\"><h2>Inlining</h2>");
        sb.append("<p>For each benchmark annotated with <code>@InlineChain</code>: whether every claimed link is inlined"
                + " into the last C2 compilation of its JMH stub (JFR <code>jdk.CompilerInlining</code>), and for a"
                + " link that is not, the call edge and HotSpot's reason.</p>");
        if (data.inlining().isEmpty()) {
            return sb.append("<p>No inlining verdicts in this run.</p></section>").toString();
        }
        sb.append("<table class=\"inlining\"><thead><tr><th>benchmark</th><th>verdict</th><th>chain</th>"
                + "<th>not inlined at</th><th>HotSpot's reason</th></tr></thead><tbody>");
        for (InlineVerdict v : data.inlining()) {
            sb.append("<tr class=\"").append(v.inlined() ? "ok" : "bad").append("\"><td>").append(Html.esc(v.benchmark()))
                    .append("</td><td>").append(v.inlined() ? "inlined" : "NOT inlined").append("</td><td>")
                    .append(Html.esc(String.join(" → ", v.chain()))).append("</td><td>")
                    .append(v.failedEdge() == null ? "" : Html.esc(v.failedEdge())).append("</td><td>")
                    .append(v.reason() == null ? "" : Html.esc(v.reason())).append("</td></tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }
}
