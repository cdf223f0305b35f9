package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.List;

/**
 * One benchmark's iterations as a small chart: the score of every warm-up iteration (orange) and
 * measurement iteration (blue) in the order they ran, from zero up, with the measurement's mean dashed.
 * A benchmark still compiling in its measurement, or disturbed, shows as a slope or scattered points; each
 * point has a hover title with its number.
 */
final class IterationChartSvg {
    static final double W = 260;
    static final double H = 120;
    private static final double LEFT = 44;
    private static final double RIGHT = 8;
    private static final double TOP = 8;
    private static final double BOTTOM = 20;
    private static final String WARMUP = "#ff7f0e";
    private static final String MEASUREMENT = "#1f77b4";

    private IterationChartSvg() {
    }

    static String render(BenchmarkIterations it) {
        List<Double> all = new ArrayList<>(it.warmup());
        all.addAll(it.measurement());
        double max = 0;
        for (double v : all) {
            if (Double.isFinite(v)) {
                max = Math.max(max, v);
            }
        }
        max = max > 0 ? max * 1.08 : 1;
        int n = Math.max(all.size(), 1);
        double plotW = W - LEFT - RIGHT;
        double plotBottom = H - BOTTOM;
        double step = plotW / n;
        StringBuilder sb = new StringBuilder("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart iterations\" viewBox=\"0 0 ")
                .append(Html.px(W)).append(' ').append(Html.px(H)).append("\" width=\"").append(Html.px(W))
                .append("\" height=\"").append(Html.px(H)).append("\" font-family=\"sans-serif\" font-size=\"10\">");
        sb.append(line(LEFT, plotBottom, W - RIGHT, plotBottom, "#333", ""))
                .append(line(LEFT, TOP, LEFT, plotBottom, "#333", ""));
        for (double v : new double[] {0, max / 2, max}) {
            double y = y(v, max, plotBottom);
            sb.append(line(LEFT, y, W - RIGHT, y, "#eee", ""));
            sb.append("<text x=\"").append(Html.px(LEFT - 4)).append("\" y=\"").append(Html.px(y + 3))
                    .append("\" text-anchor=\"end\">").append(Html.esc(Html.num(v))).append("</text>");
        }
        int w = it.warmup().size();
        if (w > 0 && !it.measurement().isEmpty()) {
            double x = LEFT + w * step;
            sb.append(line(x, TOP, x, plotBottom, "#999", " stroke-dasharray=\"3 3\" class=\"divider\""));
        }
        double sum = 0;
        int count = 0;
        for (double v : it.measurement()) {
            if (Double.isFinite(v)) {
                sum += v;
                count++;
            }
        }
        if (count > 0) {
            double y = y(sum / count, max, plotBottom);
            sb.append(line(LEFT + w * step, y, W - RIGHT, y, MEASUREMENT, " stroke-dasharray=\"4 2\" class=\"mean\""));
        }
        for (int i = 0; i < all.size(); i++) {
            double v = all.get(i);
            if (!Double.isFinite(v)) {
                continue;
            }
            boolean warm = i < w;
            sb.append("<circle class=\"").append(warm ? "warmup" : "measurement").append("\" cx=\"")
                    .append(Html.px(LEFT + (i + 0.5) * step)).append("\" cy=\"").append(Html.px(y(v, max, plotBottom)))
                    .append("\" r=\"2.6\" fill=\"").append(warm ? WARMUP : MEASUREMENT).append("\"><title>")
                    .append(Html.esc((warm ? "warm-up iteration " + (i + 1) : "iteration " + (i - w + 1)) + ": "
                            + Html.num(v) + " " + it.unit()))
                    .append("</title></circle>");
        }
        sb.append("<text x=\"").append(Html.px(LEFT)).append("\" y=\"").append(Html.px(H - 6)).append("\">")
                .append(w).append(" warm-up, ").append(it.measurement().size()).append(" measured (")
                .append(Html.esc(it.unit())).append(")</text>");
        return sb.append("</svg>").toString();
    }

    private static double y(double v, double max, double plotBottom) {
        return plotBottom - v / max * (plotBottom - TOP);
    }

    private static String line(double x1, double y1, double x2, double y2, String colour, String extra) {
        return "<line x1=\"" + Html.px(x1) + "\" y1=\"" + Html.px(y1) + "\" x2=\"" + Html.px(x2) + "\" y2=\""
                + Html.px(y2) + "\" stroke=\"" + colour + "\"" + extra + "/>";
    }
}
