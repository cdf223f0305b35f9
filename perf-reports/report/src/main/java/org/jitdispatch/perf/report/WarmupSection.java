package org.jitdispatch.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import org.jitdispatch.perf.warmup.WarmupResult;
import org.jitdispatch.perf.warmup.WarmupRun;

/**
 * The warm-up run of a report ({@code warmup.json}, from {@code MixedWarmup} in a fresh JVM): its curve,
 * the summary numbers against the targets (beside the baseline's, when it has a warm-up run too), and the
 * methods deoptimized most. Read from the report's directory here, so older reports without it still render.
 */
final class WarmupSection {
    private WarmupSection() {
    }

    static String render(ReportData data, ReportData baseline) {
        StringBuilder sb = new StringBuilder("<section id=\"warmup\"><h2>Warm-up from a fresh JVM</h2>");
        Path file = data.dir().resolve(WarmupRun.REPORT_FILE);
        if (!Files.isRegularFile(file)) {
            return sb.append("<p>Not measured in this report (it has no <code>").append(WarmupRun.REPORT_FILE)
                    .append("</code>). <code>report</code> runs it; <code>./jitdispatch warmup</code> runs it alone.</p>")
                    .append("</section>").toString();
        }
        WarmupResult r;
        try {
            r = WarmupResult.read(file);
        } catch (IOException e) {
            return sb.append("<p>The warm-up run could not be read: ").append(Html.esc(e.getMessage()))
                    .append("</p></section>").toString();
        }
        WarmupResult before = baselineOf(baseline);
        sb.append("<p>A mixed small-op workload (").append(r.workload().operators().size()).append(" operators over ")
                .append(Html.esc(String.join(", ", r.workload().dtypes())))
                .append("; contiguous, transposed and broadcast operands of 1 to 64 elements) run in a loop from the first"
                        + " call of a fresh JVM for ").append(WarmupResult.seconds(r.seconds()))
                .append(", counting the operations completed in each ").append(r.intervalMillis())
                .append(" ms. Every operator, dispatch class and kernel sees all the dtypes and layouts, so HotSpot compiles"
                        + " from type profiles as mixed as a real model's and deoptimizes code whose profile a later call"
                        + " contradicts. Steady is the median of the last third of the intervals. JFR counted the"
                        + " deoptimizations (<code>jdk.Deoptimization</code>) and compilations per interval; hover an"
                        + " interval for its numbers, including the share of it the measuring thread was on a CPU (on a"
                        + " shared machine, a dip with a low share is other work, the JIT's threads included).</p>");
        sb.append("<figure>").append(WarmupChartSvg.render("mixed small ops from the first call, Java "
                + r.jvm().version(), r)).append("</figure>");

        boolean withBaseline = before != null;
        sb.append("<table class=\"warmup\"><thead><tr><th>measure</th><th>this run</th>");
        if (withBaseline) {
            sb.append("<th>baseline</th>");
        }
        sb.append("<th>target</th></tr></thead><tbody>");
        row(sb, null, "JVM", r, before, x -> x.jvm().describe() + ", " + x.jvm().cores() + " cores", "");
        row(sb, null, "steady", r, before, x -> (x.steadyOpsPerSecond() == null ? "-"
                : String.format(Locale.ROOT, "%,.0f ops/s", x.steadyOpsPerSecond()))
                + (x.notSettled() ? " (not settled: an underestimate)" : ""), "");
        List<WarmupResult.Target> targets = r.targets();
        row(sb, targets.get(0), "within " + Math.round(r.steadyBand() * 100) + "% of steady after", r, before,
                x -> x.timeToSteadySeconds() == null ? "never" : WarmupResult.at(x.timeToSteadySeconds()),
                "≤ " + WarmupResult.seconds(r.markSeconds()));
        row(sb, targets.get(1), "lowest interval after " + WarmupResult.seconds(r.markSeconds()), r, before,
                x -> x.lowestAfterMarkFraction() == null ? "no interval" : String.format(Locale.ROOT, "%.2fx steady at %s",
                        x.lowestAfterMarkFraction(), WarmupResult.at(x.lowestAfterMarkAtSeconds())),
                String.format(Locale.ROOT, "≥ %.1fx steady", WarmupResult.DIP_FLOOR));
        row(sb, null, "intervals after " + WarmupResult.seconds(r.markSeconds()) + " below "
                + String.format(Locale.ROOT, "%.1fx", 1 - r.steadyBand()) + " steady", r, before,
                x -> String.valueOf(x.dipsAfterMark()), "");
        row(sb, null, "deoptimizations", r, before, x -> x.deoptimizations().total() + " (" + x.deoptimizations().beforeRun()
                + " before the first round, " + x.deoptimizations().duringRun() + " during the run)", "");
        row(sb, null, "compilations during the run", r, before, x -> x.compilations().duringRun() + " ("
                + x.compilations().c2DuringRun() + " by C2" + (x.compilations().c2MillisDuringRun() == null ? ""
                : String.format(Locale.ROOT, ", taking %.1f s", x.compilations().c2MillisDuringRun() / 1000)) + ")", "");
        row(sb, null, "measuring thread on a CPU (median)", r, before, x -> x.medianCpuShare() == null ? "-"
                : String.format(Locale.ROOT, "%.0f%% of the time", x.medianCpuShare() * 100), "");
        row(sb, null, "GC pauses during the run", r, before,
                x -> String.format(Locale.ROOT, "%.0f ms", x.gcPauseMillis()), "");
        row(sb, null, "loading the library and the operands", r, before, x -> x.workload().setupMillis() == null ? "-"
                : String.format(Locale.ROOT, "%.0f ms", x.workload().setupMillis()), "");
        sb.append("</tbody></table>");

        List<WarmupResult.DeoptimizedMethod> top = r.deoptimizations().topMethods() == null ? List.of()
                : r.deoptimizations().topMethods();
        if (!top.isEmpty()) {
            sb.append("<h3>Most deoptimized</h3><p>Where the uncommon trap was hit (a method compiled on its own or"
                    + " inlined into another's code), with HotSpot's reason and action: <code>class_check</code> and"
                    + " <code>bimorphic</code> are type profiles that a new receiver class contradicted,"
                    + " <code>unstable_if</code> a branch never taken before, <code>profile_predicate</code> and"
                    + " <code>loop_limit_check</code> loop predicates that failed; <code>maybe_recompile</code> keeps the"
                    + " code until the trap repeats, <code>reinterpret</code> throws it away at once.</p>");
            sb.append("<table class=\"deopts\"><thead><tr><th>method</th><th>deoptimizations</th><th>during the run</th>"
                    + "<th>reason/action</th>"
                    + "</tr></thead><tbody>");
            for (WarmupResult.DeoptimizedMethod m : top) {
                sb.append("<tr><td><code>").append(Html.esc(m.method())).append("</code></td><td class=\"n\">")
                        .append(m.count()).append("</td><td class=\"n\">").append(m.duringRun()).append("</td><td>")
                        .append(Html.esc(WarmupResult.reasons(m.reasons())))
                        .append("</td></tr>");
            }
            sb.append("</tbody></table>");
        }
        List<WarmupResult.Compiled> longest = r.compilations().longest();
        if (!longest.isEmpty()) {
            sb.append("<h3>Longest C2 compilations</h3><p>While C2 compiles, the code it replaces keeps running in C1 or"
                    + " the interpreter, and the compilations behind it in the queue wait: a few large methods can hold"
                    + " up the steady speed. Times are the compiler thread's wall time, which a busy machine stretches.</p>");
            sb.append("<table class=\"compilations\"><thead><tr><th>method</th><th>ms</th><th>started at</th>"
                    + "<th>code size</th><th>bytecode inlined</th></tr></thead><tbody>");
            for (WarmupResult.Compiled k : longest) {
                sb.append("<tr><td><code>").append(Html.esc(k.method())).append("</code>").append(k.osr() ? " (OSR)" : "")
                        .append("</td><td class=\"n\">").append(Html.num(k.millis())).append("</td><td class=\"n\">")
                        .append(WarmupResult.at(k.atSeconds())).append("</td><td class=\"n\">")
                        .append(String.format(Locale.ROOT, "%,d B", k.codeSize())).append("</td><td class=\"n\">")
                        .append(k.inlinedBytes() < 0 ? "-" : String.format(Locale.ROOT, "%,d B", k.inlinedBytes()))
                        .append("</td></tr>");
            }
            sb.append("</tbody></table>");
        }
        return sb.append("</section>").toString();
    }

    /** A row of the summary table; with a target, coloured by whether this run met it. */
    private static void row(StringBuilder sb, WarmupResult.Target target, String measure, WarmupResult r,
                            WarmupResult before, Function<WarmupResult, String> value, String targetText) {
        sb.append(target == null ? "<tr>" : target.met() ? "<tr class=\"ok\">" : "<tr class=\"bad\">");
        sb.append("<td>").append(Html.esc(measure)).append("</td><td>").append(Html.esc(value.apply(r))).append("</td>");
        if (before != null) {
            sb.append("<td>").append(Html.esc(value.apply(before))).append("</td>");
        }
        sb.append("<td>").append(Html.esc(targetText));
        if (target != null) {
            sb.append(": <b>").append(target.verdict()).append("</b>");
        }
        sb.append("</td></tr>");
    }

    /** The baseline's warm-up run, or null when there is no baseline, or it has none that reads. */
    private static WarmupResult baselineOf(ReportData baseline) {
        if (baseline == null) {
            return null;
        }
        Path file = baseline.dir().resolve(WarmupRun.REPORT_FILE);
        try {
            return Files.isRegularFile(file) ? WarmupResult.read(file) : null;
        } catch (IOException e) {
            return null;
        }
    }
}
