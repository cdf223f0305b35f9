package org.jitdispatch.perf.report;

import java.util.List;
import java.util.Locale;
import org.jitdispatch.perf.warmup.WarmupResult;

/**
 * The warm-up curve: throughput per interval against time since the first round (both axes linear, a step
 * per interval), steady as a dashed line with the ±20% band shaded, half of steady dotted (the dip target),
 * the 2 s mark, and below it a strip of bars with the deoptimizations of each interval. Each interval has a
 * hover title with its numbers.
 */
final class WarmupChartSvg {
    private static final double W = 720;
    private static final double H = 340;
    private static final double LEFT = 70;
    private static final double RIGHT = 150;
    private static final double TOP = 30;
    /** The deoptimization strip's height, and the gap above it. */
    private static final double STRIP = 44;
    private static final double GAP = 12;
    private static final double BOTTOM = 40;
    private static final String LINE = "#1f77b4";
    private static final String DEOPT = "#d62728";

    private WarmupChartSvg() {
    }

    static String render(String title, WarmupResult r) {
        WarmupResult.Intervals iv = r.intervals();
        int n = iv.size();
        double xMax = Math.max(r.seconds(), iv.endSeconds().get(n - 1));
        double steady = r.steadyOpsPerSecond() == null ? 0 : r.steadyOpsPerSecond();
        double yMax = steady * (1 + r.steadyBand()) * 1.05;
        for (double v : iv.opsPerSecond()) {
            yMax = Math.max(yMax, v);
        }
        yMax = niceCeiling(yMax > 0 ? yMax : 1);
        int deoptMax = 1;
        for (int i = 0; i < n; i++) {
            deoptMax = Math.max(deoptMax, deopts(iv, i));
        }
        double plotBottom = H - BOTTOM - STRIP - GAP;
        double stripTop = plotBottom + GAP;
        double stripBottom = H - BOTTOM;
        Scale x = new Scale(0, xMax, LEFT, W - RIGHT);
        Scale y = new Scale(0, yMax, plotBottom, TOP);

        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart warmup\" viewBox=\"0 0 ").append(Html.px(W))
                .append(' ').append(Html.px(H)).append("\" width=\"").append(Html.px(W)).append("\" height=\"")
                .append(Html.px(H)).append("\" font-family=\"sans-serif\" font-size=\"12\">");
        sb.append(text(LEFT, 18, "start", Html.esc(title)).replace("<text ", "<text font-weight=\"bold\" "));

        // the ±band around steady, then the grid
        if (steady > 0) {
            double hi = y.at(Math.min(steady * (1 + r.steadyBand()), yMax));
            double lo = y.at(steady * (1 - r.steadyBand()));
            sb.append("<rect class=\"band\" x=\"").append(Html.px(LEFT)).append("\" y=\"").append(Html.px(hi))
                    .append("\" width=\"").append(Html.px(W - RIGHT - LEFT)).append("\" height=\"")
                    .append(Html.px(lo - hi)).append("\" fill=\"#2ca02c\" fill-opacity=\"0.08\"/>");
        }
        double yStep = yMax / 5;
        for (int k = 0; k <= 5; k++) {
            double v = k * yStep;
            sb.append(line(LEFT, y.at(v), W - RIGHT, y.at(v), "#ddd", null));
            sb.append(text(LEFT - 6, y.at(v) + 4, "end", compact(v)));
        }
        double xStep = xMax <= 12 ? 1 : xMax <= 30 ? 5 : Math.ceil(xMax / 60) * 10;
        for (double t = 0; t <= xMax + 1e-9; t += xStep) {
            sb.append(line(x.at(t), TOP, x.at(t), stripBottom, "#eee", null));
            sb.append(text(x.at(t), stripBottom + 16, "middle", WarmupResult.seconds(t)));
        }
        sb.append(line(LEFT, plotBottom, W - RIGHT, plotBottom, "#333", null))
                .append(line(LEFT, TOP, LEFT, plotBottom, "#333", null))
                .append(line(LEFT, stripBottom, W - RIGHT, stripBottom, "#333", null));
        sb.append(text((LEFT + W - RIGHT) / 2, H - 6, "middle", "seconds since the first round"));
        sb.append("<text transform=\"translate(16,").append(Html.px((TOP + plotBottom) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">operations per second</text>");

        // the mark, steady and half of steady
        double mark = x.at(r.markSeconds());
        if (r.markSeconds() <= xMax) {
            sb.append(line(mark, TOP, mark, stripBottom, "#555", "class=\"mark\" stroke-width=\"1.5\""));
            sb.append(text(mark + 4, TOP + 12, "start", WarmupResult.seconds(r.markSeconds())));
        }
        if (steady > 0) {
            sb.append(line(LEFT, y.at(steady), W - RIGHT, y.at(steady), "#2ca02c",
                    "class=\"steady\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\""));
            sb.append(text(W - RIGHT + 6, y.at(steady) + 4, "start", "steady " + compact(steady)));
            if (r.notSettled()) {
                sb.append(text(W - RIGHT + 6, y.at(steady) + 18, "start", "(not settled)"));
            }
            double half = steady * WarmupResult.DIP_FLOOR;
            sb.append(line(LEFT, y.at(half), W - RIGHT, y.at(half), "#ff7f0e",
                    "class=\"floor\" stroke-dasharray=\"2 3\""));
            sb.append(text(W - RIGHT + 6, y.at(half) + 4, "start",
                    String.format(Locale.ROOT, "%.1fx steady", WarmupResult.DIP_FLOOR)));
        }

        // the curve: one step per interval
        StringBuilder pts = new StringBuilder();
        for (int i = 0; i < n; i++) {
            double v = iv.opsPerSecond().get(i);
            pts.append(Html.px(x.at(iv.startSeconds().get(i)))).append(',').append(Html.px(y.at(v))).append(' ')
                    .append(Html.px(x.at(iv.endSeconds().get(i)))).append(',').append(Html.px(y.at(v))).append(' ');
        }
        sb.append("<polyline class=\"throughput\" fill=\"none\" stroke=\"").append(LINE)
                .append("\" stroke-width=\"2\" points=\"").append(pts.toString().trim()).append("\"/>");
        if (r.timeToSteadySeconds() != null && steady > 0) {
            sb.append("<circle class=\"reached\" cx=\"").append(Html.px(x.at(r.timeToSteadySeconds()))).append("\" cy=\"")
                    .append(Html.px(y.at(steady * (1 - r.steadyBand())))).append("\" r=\"4\" fill=\"#2ca02c\"><title>within ")
                    .append(Math.round(r.steadyBand() * 100)).append("% of steady at ")
                    .append(WarmupResult.at(r.timeToSteadySeconds())).append("</title></circle>");
        }

        // deoptimizations per interval
        sb.append(text(LEFT - 6, stripTop + 10, "end", String.valueOf(deoptMax)));
        sb.append(text(LEFT - 6, stripBottom, "end", "0"));
        sb.append(text(W - RIGHT + 6, (stripTop + stripBottom) / 2 + 4, "start", "deoptimizations"));
        sb.append("<g class=\"deopts\" fill=\"").append(DEOPT).append("\">");
        for (int i = 0; i < n; i++) {
            int d = deopts(iv, i);
            if (d == 0) {
                continue;
            }
            double x0 = x.at(iv.startSeconds().get(i));
            double w = Math.max(1.5, x.at(iv.endSeconds().get(i)) - x0 - 1);
            double h = Math.max(2, (stripBottom - stripTop) * d / deoptMax);
            sb.append("<rect class=\"deopt\" x=\"").append(Html.px(x0)).append("\" y=\"").append(Html.px(stripBottom - h))
                    .append("\" width=\"").append(Html.px(w)).append("\" height=\"").append(Html.px(h)).append("\"/>");
        }
        sb.append("</g>");

        // hover targets: every interval's numbers
        sb.append("<g class=\"intervals\" fill=\"transparent\">");
        for (int i = 0; i < n; i++) {
            double x0 = x.at(iv.startSeconds().get(i));
            double x1 = x.at(iv.endSeconds().get(i));
            sb.append("<rect x=\"").append(Html.px(x0)).append("\" y=\"").append(Html.px(TOP)).append("\" width=\"")
                    .append(Html.px(Math.max(0.5, x1 - x0))).append("\" height=\"").append(Html.px(stripBottom - TOP))
                    .append("\"><title>").append(Html.esc(describe(r, i, steady))).append("</title></rect>");
        }
        sb.append("</g></svg>");
        return sb.toString();
    }

    /** One interval in words, for its hover title. */
    static String describe(WarmupResult r, int i, double steady) {
        WarmupResult.Intervals iv = r.intervals();
        double v = iv.opsPerSecond().get(i);
        StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%.2f–%.2f s: %s ops/s", iv.startSeconds().get(i),
                iv.endSeconds().get(i), Html.num(v)));
        if (steady > 0) {
            s.append(String.format(Locale.ROOT, " (%.2fx steady)", v / steady));
        }
        s.append(", ").append(deopts(iv, i)).append(" deoptimizations");
        s.append(", ").append((int) at(iv.compilations(), i)).append(" compilations (")
                .append((int) at(iv.c2Compilations(), i)).append(" C2");
        double c2 = at(iv.c2CompileMillis(), i);
        if (c2 > 0) {
            s.append(String.format(Locale.ROOT, " taking %.0f ms", c2));
        }
        s.append(')');
        double gc = at(iv.gcPauseMillis(), i);
        if (gc > 0) {
            s.append(String.format(Locale.ROOT, ", GC pauses %.1f ms", gc));
        }
        if (iv.cpuShare() != null && i < iv.cpuShare().size() && iv.cpuShare().get(i) != null) {
            s.append(String.format(Locale.ROOT, ", on a CPU %.0f%% of the time", iv.cpuShare().get(i) * 100));
        }
        return s.toString();
    }

    private static int deopts(WarmupResult.Intervals iv, int i) {
        return (int) at(iv.deoptimizations(), i);
    }

    private static double at(List<? extends Number> series, int i) {
        if (series == null || i >= series.size() || series.get(i) == null) {
            return 0;
        }
        return series.get(i).doubleValue();
    }

    /** The first of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 or 10 times a power of ten at or above {@code v}. */
    static double niceCeiling(double v) {
        double p = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : new double[] {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
            if (m * p >= v * (1 - 1e-12)) {
                return m * p;
            }
        }
        return 10 * p;
    }

    /** 2.5M, 750k, 12: short enough for an axis label. */
    static String compact(double v) {
        if (v >= 1e6) {
            return trim(String.format(Locale.ROOT, "%.2f", v / 1e6)) + "M";
        }
        if (v >= 1e3) {
            return trim(String.format(Locale.ROOT, "%.1f", v / 1e3)) + "k";
        }
        return trim(String.format(Locale.ROOT, "%.1f", v));
    }

    private static String trim(String s) {
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    private static String text(double x, double y, String anchor, String escaped) {
        return "<text x=\"" + Html.px(x) + "\" y=\"" + Html.px(y) + "\" text-anchor=\"" + anchor + "\">" + escaped + "</text>";
    }

    private static String line(double x1, double y1, double x2, double y2, String color, String attributes) {
        return "<line " + (attributes == null ? "" : attributes + " ") + "x1=\"" + Html.px(x1) + "\" y1=\"" + Html.px(y1)
                + "\" x2=\"" + Html.px(x2) + "\" y2=\"" + Html.px(y2) + "\" stroke=\"" + color + "\"/>";
    }

    /** Linear mapping from data to pixels. */
    private record Scale(double from, double to, double pxFrom, double pxTo) {
        double at(double v) {
            return pxFrom + (v - from) / (to - from) * (pxTo - pxFrom);
        }
    }
}
