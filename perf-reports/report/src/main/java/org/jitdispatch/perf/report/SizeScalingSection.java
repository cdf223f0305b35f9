package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.jitdispatch.kernels.cpu.NativeBlas;
import org.jitdispatch.perf.compare.JmhResult;
import org.jitdispatch.perf.jvm.BenchmarkJvm;

/**
 * "Large ops against libtorch": {@code SizeScalingBenchmark}'s ops (add, mul, add_out, sum, mean, softmax,
 * mm, bmm at n = 64, 256, 1024, one thread and all), each beside its plain Java loop from the same class and
 * the same op through libtorch ({@code PyTorchSizeScalingPeerBenchmark}), as a table of times and ratios and
 * one log-log chart per op of ns/op against n, a line per implementation and thread count.
 * {@code bench/pytorch-peer.sh --size-scaling} runs all three in one JMH run, whose JSON
 * {@code report --peer-results} keeps; our two are taken from the report's own run when the peer run lacks
 * them.
 */
final class SizeScalingSection {
    static final String OURS = "SizeScalingBenchmark";
    static final String PEER = "PyTorchSizeScalingPeerBenchmark";
    /** The ops in the benchmark's order, by method name. */
    static final List<String> OPS = List.of("add", "mul", "addOut", "sum", "mean", "softmax", "mm", "bmm");

    /** The three implementations, with the colour each has in every chart. */
    enum Impl {
        JITDISPATCH("jitdispatch", "#1f77b4"), LOOP("Java loop", "#2ca02c"), LIBTORCH("libtorch", "#d62728");

        final String label;
        final String color;

        Impl(String label, String color) {
            this.label = label;
            this.color = color;
        }
    }

    /**
     * One op at one n and thread count.
     *
     * @param results by implementation; an implementation the runs lack is absent
     */
    record Row(String op, int n, String threads, Map<Impl, JmhResult> results) {
        Estimate toLoop() {
            return ratio(Impl.LOOP);
        }

        Estimate toLibtorch() {
            return ratio(Impl.LIBTORCH);
        }

        private Estimate ratio(Impl base) {
            JmhResult ours = results.get(Impl.JITDISPATCH);
            JmhResult other = results.get(base);
            return ours == null || other == null ? null
                    : Estimate.score(ours).over(Estimate.score(other), "jitdispatch", base.label);
        }
    }

    private SizeScalingSection() {
    }

    /** The op as PyTorch names it: {@code addOut} -> {@code add_out}. */
    static String opName(String method) {
        return method.equals("addOut") ? "add_out" : method;
    }

    /** The plain loop of an op: {@code addOut} -> {@code loopAddOut}. */
    static String loopOf(String op) {
        return "loop" + Character.toUpperCase(op.charAt(0)) + op.substring(1);
    }

    /** The rows, by op in {@link #OPS} order, then n ascending, then threads ({@code 1} before {@code all}). */
    static List<Row> rows(ReportData data) {
        Map<String, JmhResult> all = new LinkedHashMap<>(data.results());
        all.putAll(data.peer()); // the side-by-side run wins over a separate run of ours
        Map<String, Map<Impl, JmhResult>> byRow = new LinkedHashMap<>();
        TreeSet<Integer> ns = new TreeSet<>();
        TreeSet<String> threads = new TreeSet<>((a, b) -> Double.compare(threadRank(a), threadRank(b)));
        for (Map.Entry<String, JmhResult> e : all.entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            String n = key.params().get("n");
            String t = key.params().get("threads");
            if (n == null || t == null) {
                continue;
            }
            String op = null;
            Impl impl = null;
            if (key.benchmarkClass().equals(PEER) && OPS.contains(key.method())) {
                op = key.method();
                impl = Impl.LIBTORCH;
            } else if (key.benchmarkClass().equals(OURS)) {
                for (String o : OPS) {
                    if (key.method().equals(o)) {
                        impl = Impl.JITDISPATCH;
                    } else if (key.method().equals(loopOf(o))) {
                        impl = Impl.LOOP;
                    }
                    if (impl != null) {
                        op = o;
                        break;
                    }
                }
            }
            if (op != null) {
                ns.add(Integer.parseInt(n));
                threads.add(t);
                byRow.computeIfAbsent(op + " " + n + " " + t, k -> new LinkedHashMap<>()).put(impl, e.getValue());
            }
        }
        List<Row> rows = new ArrayList<>();
        for (String op : OPS) {
            for (int n : ns) {
                for (String t : threads) {
                    Map<Impl, JmhResult> r = byRow.get(op + " " + n + " " + t);
                    if (r != null) {
                        rows.add(new Row(op, n, t, r));
                    }
                }
            }
        }
        return rows;
    }

    /** {@code 1} before {@code 2} before {@code all}. */
    private static double threadRank(String threads) {
        return threads.equals("all") ? Double.MAX_VALUE : Double.parseDouble(threads);
    }

    static String threadsText(String threads) {
        return threads.equals("1") ? "1 thread" : threads.equals("all") ? "all threads" : threads + " threads";
    }

    /**
     * What ran the benchmarks' matrix products: the benchmark JVMs chose as this one does, on the same machine,
     * unless their flags set {@code -Djitdispatch.blas} to something else, or they are Java 24 or later without
     * {@code --enable-native-access} (where {@code auto} keeps the Java kernels).
     */
    static String blas(RunInfo run) {
        String flag = "-D" + NativeBlas.PROPERTY + "=";
        String asked = run == null ? null : run.jvmArgs().stream().filter(a -> a.startsWith(flag))
                .map(a -> a.substring(flag.length())).reduce((first, last) -> last).orElse(null);
        if (asked != null && NativeBlas.mode(asked) != NativeBlas.mode(System.getProperty(NativeBlas.PROPERTY))) {
            return NativeBlas.mode(asked) == NativeBlas.Mode.JAVA ? "java (" + flag + asked + ")" : flag + asked;
        }
        boolean restricted = run != null && run.jvmVersion() != null && BenchmarkJvm.feature(run.jvmVersion()) >= 24
                && run.jvmArgs().stream().noneMatch(a -> a.startsWith("--enable-native-access"));
        if (restricted && NativeBlas.mode(asked) == NativeBlas.Mode.AUTO) {
            return "java (Java " + run.jvmVersion() + " restricts native access: --jvm-args"
                    + " --enable-native-access=ALL-UNNAMED lets it load the machine's BLAS)";
        }
        return NativeBlas.describe();
    }

    static String render(ReportData data) {
        StringBuilder sb = new StringBuilder("<section id=\"scaling\"><h2>Large ops against libtorch and a plain loop</h2>");
        List<Row> rows = rows(data);
        if (rows.isEmpty()) {
            return sb.append("<p>Not measured in this report. Run <code>bench/pytorch-peer.sh --size-scaling -rf json"
                    + " -rff FILE</code> (ours, the plain Java loops and libtorch through JavaCPP's presets, side by"
                    + " side in one JMH run) and pass <code>--peer-results FILE</code> to <code>report</code>.</p>"
                    + "</section>").toString();
        }
        sb.append("<p>Each op of <code>SizeScalingBenchmark</code> on float32 n × n matrices (mm: two of them; bmm:"
                + " two batches of 4; softmax over rows) through our API, beside a plain Java loop doing the same work"
                + " over arrays (rows in order on one thread, a parallel stream over rows on all) and the same op"
                + " through libtorch (JavaCPP's presets, <code>PyTorchSizeScalingPeerBenchmark</code>, each result"
                + " freed after the call). <i>threads</i> is the intra-op thread count of both libraries. ns/op ±"
                + " half the 99.9% interval; a ratio is our time over the other's (below 1: we are faster), its ±"
                + " the two relative errors added in quadrature. B/op counts the Java heap only.</p>");
        sb.append("<p class=\"blas\">Matrix products (mm, bmm) ran on <b>").append(Html.esc(blas(data.run())))
                .append("</b>: the machine's optimized BLAS when it has one, else the Java kernels"
                        + " (<code>-Djitdispatch.blas</code>, README.md \"BLAS\"). libtorch calls its own OpenBLAS.</p>");
        if (rows.stream().noneMatch(r -> r.results().containsKey(Impl.LIBTORCH))) {
            sb.append("<p class=\"note\"><b>libtorch: not measured in this report.</b> Run <code>bench/pytorch-peer.sh"
                    + " --size-scaling -rf json -rff FILE</code> and pass <code>--peer-results FILE</code>.</p>");
        }
        charts(sb, rows);
        sb.append("<table class=\"scaling\"><thead><tr><th>op</th><th>n</th><th>threads</th><th>jitdispatch</th>"
                + "<th>B/op</th><th>Java loop</th><th>libtorch</th><th>÷ loop</th><th>÷ libtorch</th></tr></thead><tbody>");
        for (Row r : rows) {
            sb.append("<tr data-op=\"").append(r.op()).append("\"><td>").append(opName(r.op())).append("</td><td class=\"n\">")
                    .append(r.n()).append("</td><td>").append(Html.esc(r.threads())).append("</td>");
            JmhResult ours = r.results().get(Impl.JITDISPATCH);
            sb.append(scoreCell(ours)).append(ours == null ? "<td></td>"
                    : FloorSection.cell(Estimate.bytesPerOp(ours), Html.num(ours.allocNorm())));
            sb.append(scoreCell(r.results().get(Impl.LOOP))).append(scoreCell(r.results().get(Impl.LIBTORCH)));
            sb.append(ratioCell(r.toLoop())).append(ratioCell(r.toLibtorch())).append("</tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }

    /** One chart per op: a line per implementation and thread count, all threads dashed. */
    private static void charts(StringBuilder sb, List<Row> rows) {
        sb.append("<div class=\"scaling-charts\">");
        for (String op : OPS) {
            List<SizeChartSvg.Series> series = new ArrayList<>();
            for (Impl impl : Impl.values()) {
                Map<String, List<SizeChartSvg.Point>> byThreads = new LinkedHashMap<>();
                for (Row r : rows) {
                    JmhResult res = r.results().get(impl);
                    if (r.op().equals(op) && res != null) {
                        byThreads.computeIfAbsent(r.threads(), k -> new ArrayList<>())
                                .add(new SizeChartSvg.Point(r.n(), res.score(), res.low(), res.high()));
                    }
                }
                byThreads.forEach((t, points) -> series.add(new SizeChartSvg.Series(impl.label + ", " + threadsText(t),
                        points, impl.color, t.equals("1") ? null : "6 4")));
            }
            if (!series.isEmpty()) {
                sb.append("<figure data-op=\"").append(op).append("\">").append(SizeChartSvg.render(opName(op)
                        + ": ns/op against n", "n (n × n matrices)", "ns/op", series)).append("</figure>");
            }
        }
        sb.append("</div>");
    }

    private static String scoreCell(JmhResult r) {
        return r == null ? "<td>not measured</td>" : FloorSection.scoreCell(Estimate.score(r), r.unit());
    }

    private static String ratioCell(Estimate e) {
        return e == null ? "<td class=\"n\">-</td>" : FloorSection.cell(e, e.ratioText());
    }
}
