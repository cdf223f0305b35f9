package org.jitdispatch.perf.report;

import org.jitdispatch.perf.jvm.JvmArgs;

/**
 * The report as one self-contained HTML page: styles, script and SVG inline, nothing fetched, so it opens
 * offline from the file system.
 */
public final class ReportPage {
    public static final String FILE = "report.html";

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:24px auto;max-width:1280px;padding:0 16px;color:#222}
            h1{margin-bottom:4px} h2{border-bottom:1px solid #ccc;padding-bottom:4px;margin-top:36px}
            h3{font-size:15px;margin:18px 0 6px} h3 small{font-weight:normal;color:#666}
            nav a{margin-right:14px} code{background:#f3f3f3;padding:0 3px}
            table{border-collapse:collapse;font-size:13px;margin:8px 0}
            th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}
            th{background:#f5f5f5} td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
            tr.ok td{background:#eefbea} tr.bad td{background:#fdecea} tr.noise td{background:#fff}
            dl.run{display:grid;grid-template-columns:max-content auto;gap:2px 14px;font-size:14px}
            dl.run dt{font-weight:bold} dl.run dd{margin:0}
            p.note{background:#fff6dd;border-left:3px solid #e0a800;padding:4px 8px}
            p.note.busy{background:#fdecea;border-left-color:#d62728} p.load{font-size:13px;color:#555}
            td.unreliable,.verdict.unreliable,.verdict.not-measured{color:#999}
            td.unreliable{background:#f4f4f4}
            span.mark{font-size:11px;border:1px solid #bbb;border-radius:3px;padding:0 3px;margin-left:4px;color:#777;background:#fff}
            tr.yardstick td{background:#f8f8fc} td small{color:#666}
            .verdict.met b{color:#1a7f37} .verdict.missed b{color:#c62828} .verdict b{font-weight:600}
            dd div.cmd{margin-bottom:4px}
            figure{margin:10px 0} svg.chart{border:1px solid #eee;background:#fff}
            div.scaling-charts{display:flex;flex-wrap:wrap;gap:0 12px}
            div.iterations{display:flex;flex-wrap:wrap;gap:4px 14px} figure.iterations{margin:4px 0;width:262px}
            figure.iterations figcaption{font-size:12px} figure.iterations.unreliable svg{opacity:.6}
            svg.flamegraph{display:block;border:1px solid #eee;background:#fafafa}
            svg.flamegraph g.frame:hover rect{stroke:#000;stroke-width:.8}
            svg.flamegraph g.frame.match rect{fill:#e040fb}
            .legend span{margin-right:16px;font-size:13px;white-space:nowrap}
            .legend i{display:inline-block;width:12px;height:12px;margin-right:4px;vertical-align:middle;border:1px solid #999}
            """;

    /** Highlights the frames whose name contains the search text, in every flame graph. */
    private static final String SCRIPT = """
            (function () {
              var input = document.getElementById('frame-search');
              var count = document.getElementById('frame-search-count');
              if (!input) { return; }
              input.addEventListener('input', function () {
                var text = input.value;
                var hits = 0;
                document.querySelectorAll('svg.flamegraph g.frame').forEach(function (g) {
                  var match = text.length > 0 && g.getAttribute('data-name').indexOf(text) >= 0;
                  g.classList.toggle('match', match);
                  if (match) { hits++; }
                });
                count.textContent = text.length > 0 ? hits + ' frames' : '';
              });
            })();
            """;

    private ReportPage() {
    }

    /** The page for {@code current}, compared with {@code baseline} when that is not null. */
    public static String render(ReportData current, ReportData baseline) {
        RunInfo run = current.run();
        // an empty icon keeps the browser from asking for favicon.ico
        StringBuilder sb = new StringBuilder("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<link rel=\"icon\" href=\"data:,\">");
        sb.append("<title>jitdispatch call-path report ").append(Html.esc(run.startedAt())).append("</title>")
                .append("<style>").append(STYLE).append("</style></head><body>");
        sb.append("<h1>jitdispatch call-path report</h1><dl class=\"run\">")
                .append(item("run", run.mode() + ", started " + run.startedAt()))
                .append(item("JVM", run.describeJvm() + ", " + run.cores() + " cores"))
                .append(run.jvmPath() == null ? "" : item("java", run.jvmPath()))
                .append(run.jvmPath() == null ? "" : item("JVM flags", run.jvmArgs().isEmpty()
                        ? "none" : JvmArgs.display(run.jvmArgs())))
                .append(item("profiler", "async-profiler " + run.asyncProfilerVersion() + ", event " + run.event()))
                .append(item("why that event", run.eventExplanation()))
                .append(item("hardware counters", run.hardwareCounters()
                        ? "instructions and cycles per op measured (JMH -prof perfnorm)"
                        : "not measured: " + run.countersExplanation()))
                .append(run.describeLoad() == null ? "" : item("load average (1 min)", run.describeLoad()
                        + (run.busy() ? ": busy" : "")))
                .append(commands(run.jmhCommand()))
                .append("</dl><nav><a href=\"#results\">results</a><a href=\"#floor\">against the floor</a>"
                        + "<a href=\"#charts\">charts</a>"
                        + "<a href=\"#warmup\">warm-up</a><a href=\"#inlining\">inlining</a><a href=\"#pytorch\">against PyTorch</a>"
                        + "<a href=\"#scaling\">large ops</a><a href=\"#train-steps\">training steps</a>")
                .append(baseline == null ? "" : "<a href=\"#baseline\">against the baseline</a>")
                .append("<a href=\"#flamegraphs\">flame graphs</a></nav>");
        sb.append(ResultsSection.render(current)).append(FloorSection.render(current)).append(ChartsSection.render(current))
                .append(WarmupSection.render(current, baseline))
                .append(InliningSection.render(current)).append(PeerSection.render(current))
                .append(SizeScalingSection.render(current)).append(TrainStepSection.render(current));
        if (baseline != null) {
            sb.append(BaselineSection.render(current, baseline));
        }
        sb.append(FlameGraphsSection.render(current, baseline));
        sb.append("<script>").append(SCRIPT).append("</script></body></html>\n");
        return sb.toString();
    }

    /** The JMH command lines, one a line (older reports have one). */
    private static String commands(String jmhCommands) {
        String[] lines = jmhCommands.split("\n");
        StringBuilder dd = new StringBuilder("<dt>").append(lines.length == 1 ? "JMH command" : "JMH commands")
                .append("</dt><dd>");
        for (String line : lines) {
            dd.append("<div class=\"cmd\">").append(Html.esc(line)).append("</div>");
        }
        return dd.append("</dd>").toString();
    }

    private static String item(String term, String value) {
        return "<dt>" + Html.esc(term) + "</dt><dd>" + Html.esc(value) + "</dd>";
    }
}
