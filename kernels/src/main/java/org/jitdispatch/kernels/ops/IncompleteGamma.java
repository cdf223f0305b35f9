package org.jitdispatch.kernels.ops;

/**
 * The regularized incomplete gamma functions P(a, x) (igamma) and Q(a, x) = 1 - P(a, x) (igammac) of one double,
 * with ATen's boundary values (SciPy's): NaN for a negative or NaN argument, P(0, x > 0) = 1, P(a, 0) = 0,
 * P(inf, x) = 0, P(a, inf) = 1. Inside, the power series of P where x < a + 1 and the continued fraction of Q
 * (modified Lentz) elsewhere, the other taken as one minus it; ATen switches to Temme's uniform asymptotic
 * expansion for large a near x, where these two still converge (more slowly) to the same double precision
 * within rounding.
 */
final class IncompleteGamma {
    private IncompleteGamma() {
    }

    private static final double EPS = 1e-17;
    private static final double TINY = 1e-300;
    private static final int MAX_TERMS = 1_000_000;

    static double igamma(double a, double x) {
        // ATen's boundary values in ATen's order: a NaN fails every comparison, so igamma(nan, 0) is 0 and
        // igamma(inf, nan) is 0, as 1.13 gives
        if (x < 0 || a < 0) {
            return Double.NaN;
        }
        if (a == 0) {
            return x > 0 ? 1.0 : Double.NaN;
        }
        if (x == 0) {
            return 0.0;
        }
        if (Double.isInfinite(a)) {
            return Double.isInfinite(x) ? Double.NaN : 0.0;
        }
        if (Double.isInfinite(x)) {
            return 1.0;
        }
        if (Double.isNaN(a) || Double.isNaN(x)) {
            return Double.NaN;
        }
        return x < a + 1 ? series(a, x) : 1.0 - continuedFraction(a, x);
    }

    static double igammac(double a, double x) {
        // ATen's boundary values in ATen's order: a NaN fails every comparison, so igamma(nan, 0) is 0 and
        // igamma(inf, nan) is 0, as 1.13 gives
        if (x < 0 || a < 0) {
            return Double.NaN;
        }
        if (a == 0) {
            return x > 0 ? 0.0 : Double.NaN;
        }
        if (x == 0) {
            return 1.0;
        }
        if (Double.isInfinite(a)) {
            return Double.isInfinite(x) ? Double.NaN : 1.0;
        }
        if (Double.isInfinite(x)) {
            return 0.0;
        }
        if (Double.isNaN(a) || Double.isNaN(x)) {
            return Double.NaN;
        }
        return x < a + 1 ? 1.0 - series(a, x) : continuedFraction(a, x);
    }

    /** {@code x^a e^-x / Gamma(a)}, the factor both expansions share. */
    private static double prefactor(double a, double x) {
        return Math.exp(a * Math.log(x) - x - SpecialFunctions.lgamma(a));
    }

    /** P(a, x) = prefactor / a * sum_n x^n / ((a + 1) ... (a + n)). */
    private static double series(double a, double x) {
        double term = 1.0 / a;
        double sum = term;
        double ap = a;
        for (int n = 0; n < MAX_TERMS; n++) {
            ap += 1;
            term *= x / ap;
            sum += term;
            if (Math.abs(term) < Math.abs(sum) * EPS) {
                break;
            }
        }
        return sum * prefactor(a, x);
    }

    /** Q(a, x) = prefactor / (x + 1 - a - 1 (1 - a) / (x + 3 - a - 2 (2 - a) / (x + 5 - a - ...))). */
    private static double continuedFraction(double a, double x) {
        double b = x + 1 - a;
        double c = 1 / TINY;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i < MAX_TERMS; i++) {
            double an = -i * (i - a);
            b += 2;
            d = an * d + b;
            d = Math.abs(d) < TINY ? TINY : d;
            c = b + an / c;
            c = Math.abs(c) < TINY ? TINY : c;
            d = 1 / d;
            double delta = d * c;
            h *= delta;
            if (Math.abs(delta - 1) < EPS) {
                break;
            }
        }
        return prefactor(a, x) * h;
    }
}
