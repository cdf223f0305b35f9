package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jitdispatch.perf.compare.JmhResult;

/** One chart per benchmark class measured at several sizes: time per op against size, a line per call path. */
final class ChartsSection {
    private ChartsSection() {
    }

    static String render(ReportData data) {
        // class -> method -> size -> result
        Map<String, Map<String, TreeMap<Double, JmhResult>>> byClass = new LinkedHashMap<>();
        Map<String, String> sizeParamOf = new LinkedHashMap<>();
        String unit = "ns/op";
        for (Map.Entry<String, JmhResult> e : data.results().entrySet()) {
            BenchmarkKey key = BenchmarkKey.parse(e.getKey());
            String param = key.sizeParam();
            // SmallOpsBenchmark's ops are not call paths of one operator; the floor section shows them
            if (param == null || key.params().size() != 1 || key.benchmarkClass().equals(FloorTargets.BENCHMARK)) {
                continue;
            }
            sizeParamOf.put(key.benchmarkClass(), param);
            unit = e.getValue().unit();
            byClass.computeIfAbsent(key.benchmarkClass(), k -> new LinkedHashMap<>())
                    .computeIfAbsent(key.method(), k -> new TreeMap<>())
                    .put(Double.parseDouble(key.params().get(param)), e.getValue());
        }
        StringBuilder sb = new StringBuilder("<section id=\"charts\"><h2>Time against size</h2>");
        int charts = 0;
        for (Map.Entry<String, Map<String, TreeMap<Double, JmhResult>>> c : byClass.entrySet()) {
            List<SizeChartSvg.Series> series = new ArrayList<>();
            int sizes = 0;
            for (Map.Entry<String, TreeMap<Double, JmhResult>> m : c.getValue().entrySet()) {
                List<SizeChartSvg.Point> points = new ArrayList<>();
                m.getValue().forEach((size, r) -> points.add(new SizeChartSvg.Point(size, r.score(), r.low(), r.high())));
                series.add(new SizeChartSvg.Series(m.getKey(), points));
                sizes = Math.max(sizes, points.size());
            }
            if (sizes < 2) {
                continue;
            }
            String param = sizeParamOf.get(c.getKey());
            String xLabel = param.equals("n") ? "n (n × n matrices)" : "size (elements)";
            String subject = BenchmarkKey.subjectOf(c.getKey());
            sb.append("<figure>").append(SizeChartSvg.render(subject + ": " + unit + " against " + param, xLabel, unit, series))
                    .append("</figure>");
            charts++;
        }
        if (charts == 0) {
            sb.append("<p>No benchmark was measured at more than one size.</p>");
        }
        return sb.append("</section>").toString();
    }
}
