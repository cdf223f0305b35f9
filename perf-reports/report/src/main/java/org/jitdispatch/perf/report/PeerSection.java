package org.jitdispatch.perf.report;

import java.util.Locale;
import java.util.Map;
import org.jitdispatch.perf.compare.JmhResult;

/**
 * Our compiled call path against real PyTorch from Java: for every peer benchmark of the PyTorch run
 * ({@code bench/pytorch-peer.sh}, JavaCPP's presets), the spun call site of the same operator and size
 * from this report's run. Both sides are JMH runs on the same machine, though not in the same JVM or at
 * the same moment, so the ratio is for orders of magnitude, not small differences.
 */
final class PeerSection {
    /** Where a report keeps the peer run's JMH JSON. */
    static final String FILE = "pytorch.json";

    private PeerSection() {
    }

    static String render(ReportData data) {
        StringBuilder sb = new StringBuilder("<section id=\"pytorch\"><h2>Against PyTorch from Java</h2>");
        Map<String, JmhResult> callPaths = new java.util.LinkedHashMap<>();
        data.peer().forEach((k, v) -> {
            if (isCallPathPeer(BenchmarkKey.parse(k))) {
                callPaths.put(k, v);
            }
        });
        if (callPaths.isEmpty() && !data.peer().isEmpty()) {
            return sb.append("<p>The peer run of this report has only the large ops, shown in <a href=\"#scaling\">Large"
                    + " ops against libtorch and a plain loop</a>. Run <code>bench/pytorch-peer.sh -rf json -rff FILE</code>"
                    + " for the call paths.</p></section>").toString();
        }
        if (callPaths.isEmpty()) {
            return sb.append("<p>Not measured in this report. Run <code>bench/pytorch-peer.sh -rf json -rff FILE</code>"
                    + " (real PyTorch through JavaCPP's <code>org.bytedeco:pytorch</code> presets, built with"
                    + " <code>-Ppytorch-peer</code>) and pass <code>--peer-results FILE</code> to"
                    + " <code>report</code>.</p></section>").toString();
        }
        sb.append("<p>The same operator and size through libtorch (JavaCPP's presets, one intra-op thread,"
                + " each call followed by freeing its result) and through our spun call site (the generated API,"
                + " as a user calls it). The two ran as separate JMH runs, so compare orders of magnitude."
                + " B/op counts only the Java heap: libtorch's tensors live in native memory.</p>");
        sb.append("<table class=\"peer\"><thead><tr><th>operator</th><th>parameters</th><th>PyTorch (JavaCPP)</th>"
                + "<th>±</th><th>B/op</th><th>jitdispatch spun call site</th><th>±</th><th>B/op</th>"
                + "<th>PyTorch ÷ jitdispatch</th></tr></thead><tbody>");
        for (Map.Entry<String, JmhResult> e : callPaths.entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            JmhResult peer = e.getValue();
            JmhResult ours = data.results().get(oursFor(key));
            sb.append("<tr><td>").append(Html.esc(key.method())).append("</td><td>").append(Html.esc(key.paramsText()))
                    .append("</td>").append(cells(peer)).append(ours == null ? "<td colspan=\"3\">not in this run</td>"
                            : cells(ours))
                    .append("<td class=\"n\">").append(ours == null ? "-"
                            : String.format(Locale.ROOT, "%.2f×", peer.score() / ours.score())).append("</td></tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }

    /** Whether a peer benchmark has a call path of ours (the size-scaling peer has its own section). */
    static boolean isCallPathPeer(BenchmarkKey peer) {
        return !peer.benchmarkClass().equals(SizeScalingSection.PEER)
                && !peer.benchmarkClass().equals(SizeScalingSection.OURS);
    }

    /** {@code PyTorchPeerBenchmark.add size=64} -&gt; {@code AddCallPathBenchmark.spunCallSite size=64}. */
    static String oursFor(BenchmarkKey peer) {
        String op = peer.method();
        String cls = Character.toUpperCase(op.charAt(0)) + op.substring(1) + "CallPathBenchmark";
        StringBuilder key = new StringBuilder(cls).append(".spunCallSite");
        peer.params().forEach((k, v) -> key.append(' ').append(k).append('=').append(v));
        return key.toString();
    }

    private static String cells(JmhResult r) {
        return "<td class=\"n\">" + Html.num(r.score()) + " " + Html.esc(r.unit()) + "</td><td class=\"n\">"
                + Html.num((r.high() - r.low()) / 2) + "</td><td class=\"n\">" + Html.num(r.allocNorm()) + "</td>";
    }
}
