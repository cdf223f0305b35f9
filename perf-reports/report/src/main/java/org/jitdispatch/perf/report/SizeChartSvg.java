package org.jitdispatch.perf.report;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * A line chart of time per operation against input size, both axes logarithmic (sizes go from 1 to 1M
 * elements, times from tens of ns to ms), one line per call path with JMH's confidence interval as
 * error bars.
 */
final class SizeChartSvg {
    /** One measured point: size, score and its confidence interval. */
    record Point(double x, double y, double low, double high) {
    }

    /**
     * One line: its points ordered by size, and its colour (null: the next of the palette) and dash pattern
     * (null: solid), so that several charts can draw the same implementation alike.
     */
    record Series(String name, List<Point> points, String color, String dash) {
        Series(String name, List<Point> points) {
            this(name, points, null, null);
        }
    }

    private static final String[] COLORS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b",
        "#e377c2", "#17becf"};
    private static final double W = 720;
    private static final double H = 380;
    private static final double LEFT = 70;
    private static final double RIGHT = 190;
    private static final double TOP = 30;
    private static final double BOTTOM = 45;

    private SizeChartSvg() {
    }

    static String render(String title, String xLabel, String yUnit, List<Series> series) {
        TreeSet<Double> xs = new TreeSet<>();
        double yMin = Double.MAX_VALUE;
        double yMax = 0;
        for (Series s : series) {
            for (Point p : s.points()) {
                xs.add(p.x());
                // the scale follows the scores; error bars that reach beyond it are cut at its edges
                yMin = Math.min(yMin, p.y());
                yMax = Math.max(yMax, p.y());
            }
        }
        double lxMin = Math.log10(xs.first());
        double lxMax = Math.max(Math.log10(xs.last()), lxMin + 1);
        double lyMin = Math.floor(Math.log10(Math.max(yMin, 1e-3)));
        double lyMax = Math.max(Math.ceil(Math.log10(yMax)), lyMin + 1);
        Axis axis = new Axis(lxMin, lxMax, lyMin, lyMax);

        StringBuilder sb = new StringBuilder();
        sb.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" viewBox=\"0 0 ").append(Html.px(W))
                .append(' ').append(Html.px(H)).append("\" width=\"").append(Html.px(W)).append("\" height=\"")
                .append(Html.px(H)).append("\" font-family=\"sans-serif\" font-size=\"12\">");
        sb.append("<text x=\"").append(Html.px(LEFT)).append("\" y=\"18\" font-weight=\"bold\">").append(Html.esc(title))
                .append("</text>");
        // horizontal grid: powers of ten
        for (double ly = lyMin; ly <= lyMax + 1e-9; ly++) {
            double y = axis.y(Math.pow(10, ly));
            sb.append(line(LEFT, y, W - RIGHT, y, "#ddd"));
            sb.append("<text x=\"").append(Html.px(LEFT - 6)).append("\" y=\"").append(Html.px(y + 4))
                    .append("\" text-anchor=\"end\">").append(Html.num(Math.pow(10, ly))).append("</text>");
        }
        // vertical grid: the measured sizes
        for (double x : xs) {
            double px = axis.x(x);
            sb.append(line(px, TOP, px, H - BOTTOM, "#eee"));
            sb.append("<text x=\"").append(Html.px(px)).append("\" y=\"").append(Html.px(H - BOTTOM + 16))
                    .append("\" text-anchor=\"middle\">").append(size(x)).append("</text>");
        }
        sb.append(line(LEFT, H - BOTTOM, W - RIGHT, H - BOTTOM, "#333")).append(line(LEFT, TOP, LEFT, H - BOTTOM, "#333"));
        sb.append("<text x=\"").append(Html.px((LEFT + W - RIGHT) / 2)).append("\" y=\"").append(Html.px(H - 8))
                .append("\" text-anchor=\"middle\">").append(Html.esc(xLabel)).append(" (log scale)</text>");
        sb.append("<text transform=\"translate(16,").append(Html.px((TOP + H - BOTTOM) / 2))
                .append(") rotate(-90)\" text-anchor=\"middle\">").append(Html.esc(yUnit)).append(" (log scale)</text>");
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            String color = s.color() != null ? s.color() : COLORS[i % COLORS.length];
            String dash = s.dash() == null ? "" : " stroke-dasharray=\"" + s.dash() + "\"";
            StringBuilder pts = new StringBuilder();
            for (Point p : s.points()) {
                pts.append(Html.px(axis.x(p.x()))).append(',').append(Html.px(axis.y(p.y()))).append(' ');
            }
            sb.append("<g class=\"series\" data-name=\"").append(Html.esc(s.name())).append("\">");
            sb.append("<polyline fill=\"none\" stroke=\"").append(color).append("\" stroke-width=\"2\"").append(dash)
                    .append(" points=\"")
                    .append(pts.toString().trim()).append("\"/>");
            for (Point p : s.points()) {
                double px = axis.x(p.x());
                double bottom = Math.max(p.low(), Math.pow(10, lyMin));
                double top = Math.min(p.high(), Math.pow(10, lyMax));
                sb.append(line(px, axis.y(bottom), px, axis.y(top), color));
                sb.append("<circle cx=\"").append(Html.px(px)).append("\" cy=\"").append(Html.px(axis.y(p.y())))
                        .append("\" r=\"3.5\" fill=\"").append(color).append("\"><title>").append(Html.esc(s.name()))
                        .append(", ").append(size(p.x())).append(": ").append(Html.num(p.y())).append(' ')
                        .append(Html.esc(yUnit)).append(" [").append(Html.num(p.low())).append(", ")
                        .append(Html.num(p.high())).append("]</title></circle>");
            }
            double ly = TOP + 14 + i * 20;
            sb.append(line(W - RIGHT + 12, ly - 4, W - RIGHT + 32, ly - 4, color).replace("/>", " stroke-width=\"3\"" + dash + "/>"));
            sb.append("<text x=\"").append(Html.px(W - RIGHT + 38)).append("\" y=\"").append(Html.px(ly))
                    .append("\">").append(Html.esc(s.name())).append("</text></g>");
        }
        sb.append("</svg>");
        return sb.toString();
    }

    /** Sizes are whole numbers: 1, 64, 4,096. */
    private static String size(double x) {
        return String.format(Locale.ROOT, "%,d", Math.round(x));
    }

    private static String line(double x1, double y1, double x2, double y2, String color) {
        return "<line x1=\"" + Html.px(x1) + "\" y1=\"" + Html.px(y1) + "\" x2=\"" + Html.px(x2) + "\" y2=\""
                + Html.px(y2) + "\" stroke=\"" + color + "\"/>";
    }

    /** Log-log mapping from data to pixels. */
    private record Axis(double lxMin, double lxMax, double lyMin, double lyMax) {
        double x(double v) {
            return LEFT + (Math.log10(v) - lxMin) / (lxMax - lxMin) * (W - LEFT - RIGHT);
        }

        double y(double v) {
            return H - BOTTOM - (Math.log10(v) - lyMin) / (lyMax - lyMin) * (H - TOP - BOTTOM);
        }
    }
}
