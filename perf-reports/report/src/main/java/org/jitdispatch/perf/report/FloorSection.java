package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jitdispatch.perf.compare.JmhResult;
import org.jitdispatch.perf.report.FloorTargets.Target;
import org.jitdispatch.perf.report.FloorTargets.Verdict;

/**
 * "The whole op against the JVM floor": {@code SmallOpsBenchmark}'s ops as a user calls them, per size, as
 * ratios to the floor of their kind and to the plain Java loop measured in the same run, with B/op and the
 * targets of {@link FloorTargets}. Unreliable scores, and every ratio and verdict resting on one, are greyed
 * and marked, with the reason on hover.
 */
final class FloorSection {
    private FloorSection() {
    }

    /** A target with its verdict. */
    record Judged(Target target, Verdict verdict) {
    }

    /**
     * One op at one size.
     *
     * @param toFloor its time over its floor's, or null when the run lacks either
     * @param loop    the plain loop it is compared with, or null
     * @param toLoop  its time over the loop's, or null
     */
    record Row(String op, JmhResult result, Estimate time, Estimate bytes, String floor, Estimate toFloor,
               String loop, Estimate toLoop, List<Judged> targets) {
    }

    /** SmallOpsBenchmark's results by size (ascending), each by method. */
    static TreeMap<Integer, Map<String, JmhResult>> bySize(Map<String, JmhResult> results) {
        TreeMap<Integer, Map<String, JmhResult>> out = new TreeMap<>();
        for (Map.Entry<String, JmhResult> e : results.entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            String size = key.params().get("size");
            if (key.benchmarkClass().equals(FloorTargets.BENCHMARK) && size != null) {
                out.computeIfAbsent(Integer.parseInt(size), k -> new LinkedHashMap<>()).put(key.method(), e.getValue());
            }
        }
        return out;
    }

    /** The rows of one size: the known ops in table order, then any other op of the class against floorAdd. */
    static List<Row> rows(int size, Map<String, JmhResult> byMethod) {
        List<String> ops = new ArrayList<>(FloorTargets.OPS);
        byMethod.keySet().stream().filter(m -> !ops.contains(m) && !FloorTargets.FLOORS.contains(m)).forEach(ops::add);
        List<Row> rows = new ArrayList<>();
        for (String op : ops) {
            JmhResult r = byMethod.get(op);
            if (r == null) {
                continue;
            }
            Estimate time = Estimate.score(r);
            Estimate bytes = Estimate.bytesPerOp(r);
            String floor = FloorTargets.floorOf(op);
            Estimate toFloor = ratio(time, op, byMethod.get(floor), floor);
            String loop = FloorTargets.loopOf(op);
            Estimate toLoop = loop == null ? null : ratio(time, op, byMethod.get(loop), loop);
            List<Judged> judged = new ArrayList<>();
            for (Target t : FloorTargets.targetsFor(op, size)) {
                judged.add(new Judged(t, FloorTargets.verdict(t, toFloor, toLoop, bytes)));
            }
            rows.add(new Row(op, r, time, bytes, floor, toFloor, loop, toLoop, judged));
        }
        return rows;
    }

    private static Estimate ratio(Estimate time, String op, JmhResult base, String baseName) {
        return base == null ? null : time.over(Estimate.score(base), op, baseName);
    }

    static String render(ReportData data) {
        StringBuilder sb = new StringBuilder("<section id=\"floor\"><h2>The whole op against the JVM floor</h2>");
        TreeMap<Integer, Map<String, JmhResult>> bySize = bySize(data.results());
        if (bySize.isEmpty()) {
            return sb.append("<p>Not measured in this report: it ran no <code>SmallOpsBenchmark</code>.</p></section>")
                    .toString();
        }
        sb.append("<p>Each op of <code>SmallOpsBenchmark</code> as a user calls it (the generated API, dispatch,"
                + " kernel, result tensor) beside the least the JVM can do for the same job, measured in the same run:"
                + " <code>floorAdd</code> checks two tensors, allocates a result (tensor, storage, array, sizes,"
                + " strides, version counter) and adds; <code>floorAddInto</code> checks and adds into a given result;"
                + " <code>loopAdd</code>, <code>loopAddInto</code> and <code>loopSum</code> are plain loops over"
                + " arrays. Functional ops are divided by <code>floorAdd</code>, <code>addOut</code> and"
                + " <code>addInplace</code> by <code>floorAddInto</code>; add, addOut and sum also by their plain loop."
                + " A ratio's ± propagates the two scores' relative errors (added in quadrature). B/op is"
                + " <code>gc.alloc.rate.norm</code> from <code>-prof gc</code>. A target is met or missed by the"
                + " estimate itself; the ± beside it says how close a call that is.</p>");
        sb.append("<p>Grey numbers marked <span class=\"mark\">unreliable</span> are not measurements to rely on:"
                + " a score whose error is at least half of it, a ratio built from such a score or whose own"
                + " error is at least half of it, and the verdicts resting on them. Hover for the numbers.");
        if (data.run().busy()) {
            sb.append(" The machine was busy during the benchmarks (see the note above the results).");
        }
        sb.append("</p>");
        for (Map.Entry<Integer, Map<String, JmhResult>> s : bySize.entrySet()) {
            renderSize(sb, s.getKey(), s.getValue());
        }
        return sb.append("</section>").toString();
    }

    private static void renderSize(StringBuilder sb, int size, Map<String, JmhResult> byMethod) {
        sb.append("<h3>").append(size).append(size == 1 ? " element" : " elements").append("</h3>");
        sb.append("<table class=\"floor\" data-size=\"").append(size).append("\"><thead><tr><th>op</th><th>time/op</th>"
                + "<th>B/op</th><th>× floor</th><th>× plain loop</th><th>targets</th></tr></thead><tbody>");
        for (String floor : FloorTargets.FLOORS) {
            JmhResult r = byMethod.get(floor);
            if (r != null) {
                sb.append("<tr class=\"yardstick\"><td>").append(floor).append("</td>")
                        .append(scoreCell(Estimate.score(r), r.unit())).append(bytesCell(Estimate.bytesPerOp(r)))
                        .append("<td colspan=\"3\">").append(yardstick(floor)).append("</td></tr>");
            }
        }
        for (Row row : rows(size, byMethod)) {
            sb.append("<tr class=\"op\"><td>").append(Html.esc(row.op())).append("</td>")
                    .append(scoreCell(row.time(), row.result().unit())).append(bytesCell(row.bytes()))
                    .append(ratioCell(row.toFloor(), row.floor()))
                    .append(row.loop() == null ? "<td></td>" : ratioCell(row.toLoop(), row.loop()))
                    .append("<td>");
            for (Judged j : row.targets()) {
                Estimate basis = switch (j.target().measure()) {
                    case FLOOR -> row.toFloor();
                    case LOOP -> row.toLoop();
                    case BYTES -> row.bytes();
                };
                String cls = j.verdict().name().toLowerCase().replace('_', '-');
                sb.append("<div class=\"verdict ").append(cls).append('"');
                if (j.verdict() == Verdict.UNRELIABLE) {
                    sb.append(" title=\"").append(Html.esc(basis.unreliable())).append('"');
                }
                sb.append('>').append(Html.esc(j.target().text())).append(": <b>").append(j.verdict().text)
                        .append("</b></div>");
            }
            sb.append("</td></tr>");
        }
        sb.append("</tbody></table>");
    }

    private static String yardstick(String floor) {
        return switch (floor) {
            case "floorAdd" -> "the floor of the functional ops";
            case "floorAddInto" -> "the floor of addOut and addInplace";
            case "loopAdd" -> "the plain loop of add";
            case "loopAddInto" -> "the plain loop of addOut";
            case "loopSum" -> "the plain loop of sum";
            default -> "";
        };
    }

    /** A score with its error, greyed and marked when unreliable. */
    static String scoreCell(Estimate e, String unit) {
        return cell(e, Html.num(e.value()) + " ± " + Html.num(e.error()) + " " + Html.esc(unit));
    }

    private static String bytesCell(Estimate e) {
        return cell(e, Html.num(e.value()));
    }

    private static String ratioCell(Estimate e, String base) {
        if (e == null) {
            return "<td class=\"n\">- <small>(no " + Html.esc(base) + ")</small></td>";
        }
        return cell(e, e.ratioText() + " <small>" + Html.esc(base) + "</small>");
    }

    /** A number's cell: plain, or greyed with the mark and the reason as its tooltip. */
    static String cell(Estimate e, String html) {
        return cell(e, html, true);
    }

    /** A number's cell: plain, or greyed with the reason as its tooltip, and the mark when {@code mark}. */
    static String cell(Estimate e, String html, boolean mark) {
        if (!e.isUnreliable()) {
            return "<td class=\"n\">" + html + "</td>";
        }
        return "<td class=\"n unreliable\" title=\"" + Html.esc("unreliable: " + e.unreliable()) + "\">" + html
                + (mark ? " <span class=\"mark\">unreliable</span>" : "") + "</td>";
    }
}
