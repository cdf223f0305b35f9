package org.jitdispatch.perf.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A flame graph of a {@link StackProfile} as inline SVG: the root at the bottom, callees above callers,
 * widths proportional to samples, colours by frame kind ({@code _[i]} inlined, {@code _[j]} JIT-compiled,
 * ...). Given a baseline, it becomes a differential flame graph: the same layout, each frame coloured by
 * the change in its share of samples (red gained, blue lost). Every frame has a tooltip and a
 * {@code data-name} for the page's search box.
 */
final class FlameGraphSvg {
    static final double WIDTH = 1200;
    private static final double ROW = 16;
    /** Frames narrower than this (in px) are left out, with everything above them. */
    private static final double MIN_WIDTH = 1.5;
    private static final double CHAR_WIDTH = 6.6;

    private final StackProfile profile;
    private final StackProfile baseline;
    private final StringBuilder out = new StringBuilder();
    private double rows;
    private double maxDelta;

    private FlameGraphSvg(StackProfile profile, StackProfile baseline) {
        this.profile = profile;
        this.baseline = baseline;
    }

    /** A plain flame graph, frames coloured by kind. */
    static String render(StackProfile profile) {
        return new FlameGraphSvg(profile, null).draw();
    }

    /** A differential flame graph of {@code profile} against {@code baseline}. */
    static String renderDiff(StackProfile profile, StackProfile baseline) {
        return new FlameGraphSvg(profile, baseline).draw();
    }

    private String draw() {
        rows = visibleDepth(profile.root());
        double height = rows * ROW;
        if (baseline != null) {
            maxDelta = Math.max(0.01, maxDelta(profile.root(), new ArrayList<>()));
        }
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flamegraph")
                .append(baseline != null ? " diff" : "").append("\" viewBox=\"0 0 ").append(Html.px(WIDTH)).append(' ')
                .append(Html.px(height)).append("\" width=\"100%\" preserveAspectRatio=\"xMinYMin meet\""
                        + " font-family=\"monospace\" font-size=\"11\">");
        if (profile.totalSamples() > 0) {
            frame(profile.root(), new ArrayList<>(), 0, 0);
        } else {
            out.append("<text x=\"10\" y=\"12\">no samples</text>");
        }
        out.append("</svg>");
        return out.toString();
    }

    private void frame(StackProfile.Frame f, List<String> path, double x, int depth) {
        double total = profile.totalSamples();
        double w = f.total() / total * WIDTH;
        double y = (rows - depth - 1) * ROW;
        String fill;
        String tip;
        String share = Html.percent(f.total() / total);
        if (baseline == null) {
            fill = FrameKind.of(f.name()).color;
            tip = f.name() + " — " + f.total() + " samples (" + share + "), self " + f.self();
        } else {
            double delta = f.total() / total - baseline.totalShare(path);
            fill = diffColor(delta);
            tip = f.name() + " — " + share + " of samples, "
                    + (delta >= 0 ? "+" : "") + Html.percent(delta) + " against the baseline";
        }
        out.append("<g class=\"frame\" data-name=\"").append(Html.esc(f.name())).append("\"><title>")
                .append(Html.esc(tip)).append("</title><rect x=\"").append(Html.px(x)).append("\" y=\"")
                .append(Html.px(y)).append("\" width=\"").append(Html.px(Math.max(w - 0.5, 0.1)))
                .append("\" height=\"").append(Html.px(ROW - 1)).append("\" rx=\"2\" fill=\"").append(fill).append("\"/>");
        String label = label(FrameKind.shortName(f.name()), w);
        if (!label.isEmpty()) {
            out.append("<text x=\"").append(Html.px(x + 3)).append("\" y=\"").append(Html.px(y + ROW - 4))
                    .append("\">").append(Html.esc(label)).append("</text>");
        }
        out.append("</g>");
        double cx = x;
        for (StackProfile.Frame c : f.children()) {
            double cw = c.total() / total * WIDTH;
            if (cw >= MIN_WIDTH) {
                path.add(c.name());
                frame(c, path, cx, depth + 1);
                path.remove(path.size() - 1);
            }
            cx += cw;
        }
    }

    /** Rows needed for the frames wide enough to be drawn (the root included). */
    private int visibleDepth(StackProfile.Frame f) {
        int d = 0;
        for (StackProfile.Frame c : f.children()) {
            if (c.total() / (double) profile.totalSamples() * WIDTH >= MIN_WIDTH) {
                d = Math.max(d, visibleDepth(c));
            }
        }
        return d + 1;
    }

    /** The name cut to the frame's width, or nothing when not even a few characters fit. */
    private static String label(String name, double width) {
        int fits = (int) ((width - 6) / CHAR_WIDTH);
        if (fits < 3) {
            return "";
        }
        return name.length() <= fits ? name : name.substring(0, fits - 2) + "..";
    }

    private double maxDelta(StackProfile.Frame f, List<String> path) {
        double total = profile.totalSamples();
        double m = path.isEmpty() ? 0 : Math.abs(f.total() / total - baseline.totalShare(path));
        for (StackProfile.Frame c : f.children()) {
            path.add(c.name());
            m = Math.max(m, maxDelta(c, path));
            path.remove(path.size() - 1);
        }
        return m;
    }

    /** Red for a frame that gained share, blue for one that lost it, paler the smaller the change. */
    private String diffColor(double delta) {
        double strength = Math.min(1, Math.abs(delta) / maxDelta);
        int fade = (int) Math.round(235 - 175 * strength);
        return delta >= 0
                ? String.format("#%02x%02x%02x", 245, fade, fade)
                : String.format("#%02x%02x%02x", fade, fade, 245);
    }
}
