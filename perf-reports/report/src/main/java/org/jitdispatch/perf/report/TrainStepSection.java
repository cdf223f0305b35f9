package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jitdispatch.perf.compare.JmhResult;

/**
 * "Training steps against PyTorch eager": {@code TrainStepModelsBenchmark}'s step of each example model at
 * each batch size beside the same step through PyTorch eager ({@code bench/python/train_step_models.py}, one
 * thread, run by {@code report} or passed with {@code --python-results}), the speed-up with its propagated error, the target
 * of {@link TrainStepTargets} and whether it is met, and what our step allocates (B/step from
 * {@code -prof gc}). Either side may be missing; the section says which and how to get it. A run with the
 * benchmark's {@code capability} parameter at {@code vector} (the Vector API's kernels) gets rows of its own beside
 * the {@code default} ones, against the same PyTorch step.
 */
final class TrainStepSection {
    /** The example models in the order the benchmark declares them; others follow by name. */
    private static final List<String> MODEL_ORDER = List.of("mlp", "cnn", "transformer");
    /** The benchmark's kernel choices, in the order the table lists them; a result without the parameter is the first. */
    private static final List<String> KERNELS_ORDER = List.of("default", "vector");

    private TrainStepSection() {
    }

    /**
     * One model at one batch size with one set of kernels.
     *
     * @param kernels the benchmark's {@code capability}: {@code default} or {@code vector}
     * @param ours    our step's JMH result, or null when the run lacks it
     * @param eager   PyTorch's, or null
     * @param speedUp PyTorch's time over ours, or null when either is missing
     */
    record Row(String model, int batch, String kernels, JmhResult ours, Estimate oursUs, EagerStepResults.Step eager,
               Estimate eagerUs, Estimate speedUp, FloorTargets.Verdict verdict) {
    }

    /** A model at a batch size with a set of kernels, ordered as the table lists them. */
    private record ModelBatch(String model, int batch, String kernels) {
        static final Comparator<ModelBatch> ORDER = Comparator.<ModelBatch>comparingInt(k -> modelRank(k.model()))
                .thenComparing(ModelBatch::model).thenComparingInt(ModelBatch::batch)
                .thenComparingInt(k -> rank(KERNELS_ORDER, k.kernels())).thenComparing(ModelBatch::kernels);

        /** The PyTorch step it is compared with: the same model and batch. */
        String eagerKey() {
            return EagerStepResults.keyOf(model, batch);
        }
    }

    /** Every model and batch size of either side, models in the benchmark's order, batches ascending. */
    static List<Row> rows(ReportData data) {
        Map<ModelBatch, JmhResult> ours = new LinkedHashMap<>();
        TreeSet<ModelBatch> keys = new TreeSet<>(ModelBatch.ORDER);
        Set<String> measured = new HashSet<>();
        for (Map.Entry<String, JmhResult> e : data.results().entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            String model = key.params().get("model");
            String batch = key.params().get("batch");
            if (key.benchmarkClass().equals(TrainStepTargets.BENCHMARK) && model != null && batch != null) {
                ModelBatch k = new ModelBatch(model, Integer.parseInt(batch),
                        key.params().getOrDefault("capability", KERNELS_ORDER.get(0)));
                ours.put(k, e.getValue());
                keys.add(k);
                measured.add(k.eagerKey());
            }
        }
        data.eager().values().stream().filter(s -> !measured.contains(EagerStepResults.keyOf(s.model(), s.batch())))
                .forEach(s -> keys.add(new ModelBatch(s.model(), s.batch(), KERNELS_ORDER.get(0))));
        List<Row> rows = new ArrayList<>();
        for (ModelBatch k : keys) {
            JmhResult o = ours.get(k);
            EagerStepResults.Step p = data.eager().get(k.eagerKey());
            Estimate oursUs = o == null ? null : microseconds(o);
            Estimate eagerUs = p == null ? null : Estimate.of(p.usPerStep(), p.error(), "µs", 0);
            Estimate speedUp = o == null || p == null ? null
                    : eagerUs.over(oursUs, "PyTorch eager", "jitdispatch");
            rows.add(new Row(k.model(), k.batch(), k.kernels(), o, oursUs, p, eagerUs, speedUp,
                    TrainStepTargets.verdict(k.batch(), speedUp)));
        }
        return rows;
    }

    private static int modelRank(String model) {
        return rank(MODEL_ORDER, model);
    }

    private static int rank(List<String> order, String value) {
        int i = order.indexOf(value);
        return i < 0 ? order.size() : i;
    }

    /** A JMH score in µs per step, whatever time unit the run used. */
    static Estimate microseconds(JmhResult r) {
        double factor = switch (r.unit()) {
            case "ns/op" -> 1e-3;
            case "us/op" -> 1;
            case "ms/op" -> 1e3;
            case "s/op" -> 1e6;
            default -> throw new IllegalArgumentException(r.key() + ": a training step in " + r.unit()
                    + ", not a time per operation");
        };
        Estimate e = Estimate.score(r);
        return new Estimate(e.value() * factor, e.error() * factor, e.unreliable());
    }

    static String render(ReportData data) {
        StringBuilder sb = new StringBuilder("<section id=\"train-steps\"><h2>Training steps against PyTorch eager</h2>");
        List<Row> rows = rows(data);
        boolean anyOurs = rows.stream().anyMatch(r -> r.ours() != null);
        if (rows.isEmpty()) {
            return sb.append("<p>Not measured in this report: it ran no <code>TrainStepModelsBenchmark</code> (the full"
                    + " suite does, or <code>--benchmarks TrainStepModels</code>) and has no PyTorch eager run"
                    + (data.eagerAbsence() == null ? "" : " (" + Html.esc(data.eagerAbsence()) + ")") + ". "
                    + howToGetEager() + "</p></section>").toString();
        }
        sb.append("<p>One training step of each example model (zero_grad, forward, cross-entropy, backward,"
                + " optimizer step) at each batch size, on one thread: <code>TrainStepModelsBenchmark</code> through"
                + " our <code>nn</code> and <code>optim</code>, and <code>bench/python/train_step_models.py</code>, the"
                + " same models and step through <code>torch.nn</code> and <code>torch.optim</code> in PyTorch eager"
                + " on the same machine. Times are µs per step ± half the 99.9% interval (both sides); the speed-up is"
                + " PyTorch's time over ours, its ± the two relative errors added in quadrature. Targets: 5× as fast"
                + " at batch 1, 3× at batch 8, no slower at batch 64, met or missed by the estimate itself. B/step is"
                + " <code>gc.alloc.rate.norm</code> from <code>-prof gc</code> (our Java heap only). Kernels:"
                + " <code>default</code>, the scalar ones a JVM runs without the Vector API module; <code>vector</code>,"
                + " the Vector API's (<code>--add-modules jdk.incubator.vector</code>; rows of a run with"
                + " <code>-p capability=default,vector</code>).</p>");
        if (data.eager().isEmpty()) {
            sb.append("<p class=\"note\"><b>PyTorch eager: not measured in this report</b>")
                    .append(data.eagerAbsence() == null ? "" : ": " + Html.esc(data.eagerAbsence()))
                    .append(". No speed-ups or verdicts without it. ").append(howToGetEager()).append("</p>");
        } else {
            EagerStepResults.Step first = data.eager().values().iterator().next();
            sb.append("<p>PyTorch ").append(Html.esc(first.torchVersion())).append(", ").append(first.threads())
                    .append(first.threads() == 1 ? " thread" : " threads").append(".</p>");
        }
        if (!anyOurs) {
            sb.append("<p class=\"note\"><b>jitdispatch: not measured in this report</b>: it ran no"
                    + " <code>TrainStepModelsBenchmark</code> (the full suite does, or <code>--benchmarks"
                    + " TrainStepModels</code>).</p>");
        }
        sb.append("<table class=\"train-steps\"><thead><tr><th>model</th><th>batch</th><th>kernels</th>"
                + "<th>jitdispatch µs/step</th>"
                + "<th>B/step</th><th>PyTorch eager µs/step</th><th>PyTorch ÷ jitdispatch</th><th>target</th>"
                + "</tr></thead><tbody>");
        for (Row r : rows) {
            sb.append("<tr data-model=\"").append(Html.esc(r.model())).append("\" data-batch=\"").append(r.batch())
                    .append("\" data-kernels=\"").append(Html.esc(r.kernels())).append("\"><td>")
                    .append(Html.esc(r.model())).append("</td><td class=\"n\">").append(r.batch()).append("</td><td>")
                    .append(Html.esc(r.kernels())).append("</td>");
            sb.append(r.ours() == null ? "<td>not in this run</td><td></td>"
                    : FloorSection.cell(r.oursUs(), Html.num(r.oursUs().value()) + " ± " + Html.num(r.oursUs().error()))
                            + FloorSection.cell(Estimate.bytesPerOp(r.ours()), Html.num(r.ours().allocNorm())));
            sb.append(r.eager() == null ? "<td>not measured</td>"
                    : FloorSection.cell(r.eagerUs(), Html.num(r.eagerUs().value()) + " ± " + Html.num(r.eagerUs().error())));
            sb.append(r.speedUp() == null ? "<td class=\"n\">-</td>" : FloorSection.cell(r.speedUp(), r.speedUp().ratioText()));
            String cls = r.verdict().name().toLowerCase().replace('_', '-');
            sb.append("<td><div class=\"verdict ").append(cls).append('"');
            if (r.verdict() == FloorTargets.Verdict.UNRELIABLE) {
                sb.append(" title=\"").append(Html.esc(r.speedUp().unreliable())).append('"');
            }
            sb.append('>').append(Double.isNaN(TrainStepTargets.speedUp(r.batch())) ? "no target"
                    : Html.esc(TrainStepTargets.text(r.batch()))).append(": <b>").append(r.verdict().text)
                    .append("</b></div></td></tr>");
        }
        return sb.append("</tbody></table></section>").toString();
    }

    private static String howToGetEager() {
        return "A report that runs <code>TrainStepModelsBenchmark</code> runs it when <code>/usr/bin/python3</code>"
                + " has torch; otherwise run <code>/usr/bin/python3 bench/python/train_step_models.py &gt; FILE</code>"
                + " (PyTorch 1.13, one thread) on the machine of the benchmarks and pass <code>--python-results"
                + " FILE</code> to <code>report</code> (with <code>--rerender DIR</code> to add it to an existing"
                + " report).";
    }
}
