package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.perf.inlining.InlineVerdict;

/** The inlining verdicts: per benchmark that claims a chain, whether C2 inlined all of it, and if not why. */
final class InliningSection {
    private InliningSection() {
    }

    static String render(ReportData data) {
        StringBuilder sb = new StringBuilder("<section id=\"inlining\"><h2>Inlining</h2>");
        sb.append("<p>For each benchmark annotated with <code>@InlineChain</code>: whether every claimed link is inlined"
                + " into the last C2 compilation of its JMH stub (JFR <code>jdk.CompilerInlining</code>), and for a"
                + " link that is not, the call edge and HotSpot's reason. The last column is the second witness:"
                + " how async-profiler's samples annotated each link (<code>_[i]</code> inlined, <code>_[j]</code>"
                + " compiled separately, <code>_[1]</code> C1, <code>_[0]</code> interpreted), over the benchmark's"
                + " profiles at every size. A negative control (<code>@InlineChain(inlined = false)</code>) is a chain"
                + " that must come out not inlined; it is green when it does.</p>");
        if (data.inlining().isEmpty()) {
            return sb.append("<p>No inlining verdicts in this run.</p></section>").toString();
        }
        sb.append("<table class=\"inlining\"><thead><tr><th>benchmark</th><th>verdict</th><th>chain</th>"
                + "<th>not inlined at</th><th>HotSpot's reason</th><th>async-profiler frames</th></tr></thead><tbody>");
        for (InlineVerdict v : data.inlining()) {
            sb.append("<tr class=\"").append(v.asClaimed() ? "ok" : "bad").append("\"><td>").append(Html.esc(v.benchmark()))
                    .append("</td><td>").append(verdict(v)).append("</td><td>")
                    .append(Html.esc(String.join(" → ", v.chain()))).append("</td><td>")
                    .append(v.failedEdge() == null ? "" : Html.esc(v.failedEdge())).append("</td><td>")
                    .append(v.reason() == null ? "" : Html.esc(v.reason())).append("</td><td>")
                    .append(Html.esc(profiled(data, v))).append("</td></tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }

    private static String verdict(InlineVerdict v) {
        if (v.negativeControl()) {
            return v.inlined() ? "inlined: a negative control must not be" : "not inlined (negative control, as declared)";
        }
        return v.inlined() ? "inlined" : "NOT inlined";
    }

    /** The chain as the profiles saw it, and whether that agrees with JFR's verdict. */
    private static String profiled(ReportData data, InlineVerdict v) {
        List<StackProfile> profiles = new ArrayList<>();
        data.stacks().forEach((key, profile) -> {
            if (key.equals(v.benchmark()) || key.startsWith(v.benchmark() + " ")) {
                profiles.add(profile);
            }
        });
        if (profiles.isEmpty()) {
            return "no profile in this run";
        }
        List<ProfiledChain.Link> links = ProfiledChain.of(profiles, v.chain());
        String agreement = links.stream().anyMatch(l -> l.annotation() == null) ? "not every link was sampled"
                : ProfiledChain.allInlined(links) == v.inlined() ? "agrees" : "DISAGREES with JFR";
        return ProfiledChain.describe(links) + " (" + agreement + ")";
    }
}
