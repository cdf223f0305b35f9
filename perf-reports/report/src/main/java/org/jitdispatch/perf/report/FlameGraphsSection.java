package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A flame graph per benchmark, and with a baseline a differential flame graph beside it plus the frames
 * whose own time changed most.
 */
final class FlameGraphsSection {
    /** How many gaining and losing frames the change table lists. */
    private static final int TOP_CHANGES = 8;

    private FlameGraphsSection() {
    }

    static String render(ReportData current, ReportData baseline) {
        StringBuilder sb = new StringBuilder("<section id=\"flamegraphs\"><h2>Flame graphs</h2>");
        sb.append("<p>CPU samples from async-profiler (event <code>").append(Html.esc(current.run().event()))
                .append("</code>) over the measurement iterations, the JMH harness above the benchmark stub cut off."
                        + " Frame names carry async-profiler's annotation; colours:</p><p class=\"legend\">");
        for (FrameKind k : FrameKind.values()) {
            sb.append("<span><i style=\"background:").append(k.color).append("\"></i>")
                    .append(k.suffix.isEmpty() ? "" : "<code>" + Html.esc(k.suffix) + "</code> ")
                    .append(Html.esc(k.description)).append("</span>");
        }
        sb.append("</p>");
        if (baseline != null) {
            sb.append("<p class=\"legend\"><span><i style=\"background:#f53c3c\"></i>differential: gained share against"
                    + " the baseline</span><span><i style=\"background:#3c3cf5\"></i>lost share</span></p>");
        }
        sb.append("<p><label>Highlight frames containing <input id=\"frame-search\" type=\"search\""
                + " placeholder=\"e.g. Site_ or _[j]\"></label> <span id=\"frame-search-count\"></span></p>");
        if (current.stacks().isEmpty()) {
            sb.append("<p>No profiles in this run.</p>");
        }
        for (Map.Entry<String, StackProfile> e : current.stacks().entrySet()) {
            String key = e.getKey();
            StackProfile p = e.getValue();
            sb.append("<div class=\"profile\"><h3>").append(Html.esc(key)).append(" <small>")
                    .append(p.totalSamples()).append(" samples</small></h3>")
                    .append(FlameGraphSvg.render(p));
            StackProfile before = baseline == null ? null : baseline.stacks().get(key);
            if (before != null && before.totalSamples() > 0 && p.totalSamples() > 0) {
                sb.append("<h4>Against the baseline</h4>").append(FlameGraphSvg.renderDiff(p, before))
                        .append(changes(before, p));
            }
            sb.append("</div>");
        }
        return sb.append("</section>").toString();
    }

    /** The frames whose own share of samples grew or shrank most, including frames that disappeared. */
    private static String changes(StackProfile before, StackProfile after) {
        Map<String, Double> b = before.selfShareByFrame();
        Map<String, Double> a = after.selfShareByFrame();
        Set<String> names = new HashSet<>(b.keySet());
        names.addAll(a.keySet());
        List<String> sorted = new ArrayList<>(names);
        sorted.sort((x, y) -> Double.compare(delta(a, b, y), delta(a, b, x)));
        StringBuilder sb = new StringBuilder("<table class=\"changes\"><thead><tr><th>frame (own time)</th>"
                + "<th>before</th><th>after</th><th>change</th></tr></thead><tbody>");
        List<String> shown = new ArrayList<>(sorted.subList(0, Math.min(TOP_CHANGES, sorted.size())));
        for (String n : sorted.subList(Math.max(shown.size(), sorted.size() - TOP_CHANGES), sorted.size())) {
            shown.add(n);
        }
        for (String n : shown) {
            double d = delta(a, b, n);
            if (Math.abs(d) < 0.001) {
                continue;
            }
            sb.append("<tr class=\"").append(d > 0 ? "bad" : "ok").append("\"><td>").append(Html.esc(n))
                    .append("</td><td class=\"n\">").append(Html.percent(b.getOrDefault(n, 0.0)))
                    .append("</td><td class=\"n\">").append(Html.percent(a.getOrDefault(n, 0.0)))
                    .append("</td><td class=\"n\">").append(d > 0 ? "+" : "").append(Html.percent(d)).append("</td></tr>");
        }
        return sb.append("</tbody></table>").toString();
    }

    private static double delta(Map<String, Double> after, Map<String, Double> before, String frame) {
        return after.getOrDefault(frame, 0.0) - before.getOrDefault(frame, 0.0);
    }
}
