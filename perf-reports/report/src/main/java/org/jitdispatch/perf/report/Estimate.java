package org.jitdispatch.perf.report;

import java.util.Locale;
import org.jitdispatch.perf.compare.JmhResult;

/**
 * A measured number with its uncertainty, and whether the report may state it as a fact: a JMH score with
 * JMH's error (half the 99.9% confidence interval), a B/op figure with its own error, or the ratio of two
 * estimates with their relative errors propagated.
 *
 * <p>A score whose error is at least half of it is unreliable: the interval reaches from about half the
 * score to one and a half times it, or further, so the run did not measure the benchmark (C2 still
 * compiling, or other work on the machine). A ratio is unreliable when either side is, or when its own
 * propagated error is at least half of it.
 *
 * @param value      the estimate
 * @param error      its uncertainty (same unit; NaN when JMH gave none)
 * @param unreliable why the estimate is not to be stated as a fact, or null when it may be
 */
record Estimate(double value, double error, String unreliable) {
    /** The share of its value an error may not reach for the number to be reliable. */
    static final double UNRELIABLE_SHARE = 0.5;
    /**
     * The least error a B/op figure must have to be unreliable: an op that allocates nothing measures as a
     * few thousandths of a byte with an error of the same size, which is no doubt about its being zero.
     */
    static final double ALLOC_ERROR_FLOOR = 1;

    /** A benchmark's score (time per op, or whatever its unit) with JMH's error. */
    static Estimate score(JmhResult r) {
        return of(r.score(), r.error(), r.unit(), 0);
    }

    /** A benchmark's B/op ({@code gc.alloc.rate.norm}) with its error; NaN with no reason when not measured. */
    static Estimate bytesPerOp(JmhResult r) {
        if (Double.isNaN(r.allocNorm())) {
            return new Estimate(Double.NaN, Double.NaN, null);
        }
        if (Double.isNaN(r.allocNormError())) {
            // JMH leaves the error out with a single iteration; B/op hardly varies, so the figure stands
            return new Estimate(r.allocNorm(), Double.NaN, null);
        }
        return of(r.allocNorm(), r.allocNormError(), "B/op", ALLOC_ERROR_FLOOR);
    }

    /** {@code value ± error}, unreliable when the error is at least half the value (and at least {@code floor}). */
    static Estimate of(double value, double error, String unit, double floor) {
        if (Double.isNaN(error)) {
            return new Estimate(value, error, "JMH gave no error for it (a single measurement iteration),"
                    + " so nothing says how far to trust it");
        }
        if (error >= UNRELIABLE_SHARE * Math.abs(value) && error >= floor) {
            return new Estimate(value, error, String.format(Locale.ROOT,
                    "its error (± %s %s) is %s of it; from %.0f%% on, a number is not a measurement to rely on",
                    Html.num(error), unit, Html.percent(share(error, value)), UNRELIABLE_SHARE * 100));
        }
        return new Estimate(value, error, null);
    }

    boolean isUnreliable() {
        return unreliable != null;
    }

    /** The error as a share of the value (infinite for a value of zero). */
    double relativeError() {
        return share(error, value);
    }

    /**
     * {@code this / base}, the two relative errors added in quadrature (first-order propagation for
     * independent measurements): {@code r ± r·sqrt((ea/a)² + (eb/b)²)}. {@code name} and {@code baseName}
     * say which benchmarks the two are, for the explanation of an unreliable ratio.
     */
    Estimate over(Estimate base, String name, String baseName) {
        double ratio = value / base.value;
        double error = Math.abs(ratio) * Math.hypot(relativeError(), base.relativeError());
        String why = null;
        if (isUnreliable() && base.isUnreliable()) {
            why = "built from two unreliable scores, " + name + "'s and " + baseName + "'s";
        } else if (isUnreliable()) {
            why = "built from " + name + "'s unreliable score: " + unreliable;
        } else if (base.isUnreliable()) {
            why = "built from " + baseName + "'s unreliable score: " + base.unreliable;
        } else if (!(error < UNRELIABLE_SHARE * Math.abs(ratio))) {
            why = String.format(Locale.ROOT, "its propagated error (± %.2f) is %s of it; from %.0f%% on,"
                    + " a ratio is not a measurement to rely on", error, Html.percent(share(error, ratio)),
                    UNRELIABLE_SHARE * 100);
        }
        return new Estimate(ratio, error, why);
    }

    /** The ratio as the report prints it: {@code 2.31× ± 0.40}. */
    String ratioText() {
        return String.format(Locale.ROOT, "%.2f× ± %s", value, Double.isNaN(error) ? "?" : String.format(Locale.ROOT,
                "%.2f", error));
    }

    private static double share(double error, double value) {
        return error / Math.abs(value);
    }
}
