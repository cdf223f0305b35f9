package org.jitdispatch.kernels.ops;

/**
 * The error function in double, table-driven so that a loop over a tensor (gelu and its gradient, erf) costs
 * a short polynomial an element rather than a series of divisions (gelu ten times as fast:
 * ActivationsBenchmark).
 *
 * <ul>
 *   <li>Below {@code 1/8} in magnitude: erf's odd Taylor series at 0, {@code 2/sqrt(pi) sum (-1)^n
 *       x^(2n+1) / (n! (2n+1))}, nine terms in Horner form (relative error below 1e-19 there).</li>
 *   <li>From {@code 1/8} to 6: the interval of width {@code 1/8} that holds {@code |x|}, and the Taylor
 *       polynomial of degree {@link #DEGREE} at its centre {@code c}: {@code erf(c + h) = erf(c) +
 *       2/sqrt(pi) exp(-c^2) sum_k (-1)^(k-1) H_(k-1)(c) h^k / k!}, with Hermite's {@code H_n}, and
 *       {@code |h| <= 1/16} (truncation below 1e-17). {@code erf(c)} is a table of correctly rounded values;
 *       the other coefficients are computed once, when the class is loaded.</li>
 *   <li>From 6 on, {@code ±1} ({@code 1 - erf(6)} is below half an ulp of 1).</li>
 * </ul>
 *
 * Within 2 ulps of glibc's erf over [-7, 7] ({@code ErfTest}, against values from Python's {@code math.erf}).
 * Odd: the sign of zero is kept, and NaN stays NaN.
 */
final class Erf {
    /** Where erf is 1 to the last bit. */
    static final double LIMIT = 6.0;
    /** Intervals per unit of {@code |x|}. */
    static final int PER_UNIT = 8;
    /** The degree of each interval's Taylor polynomial. */
    static final int DEGREE = 12;

    private static final double TWO_OVER_SQRT_PI = 2.0 / Math.sqrt(Math.PI);
    private static final double ONE_OVER_SQRT_PI = 1.0 / Math.sqrt(Math.PI);
    private static final int SERIES_TERMS = 9;
    /** {@code 2/sqrt(pi) (-1)^n / (n! (2n+1))}. */
    private static final double[] SERIES = new double[SERIES_TERMS];
    /**
     * erf at the intervals' centres {@code (i + 0.5) / 8}, correctly rounded (kernels/src/test/python/
     * make_erf_table.py sums erf's series with 80 decimal digits).
     */
    private static final double[] CENTRES = {
            0x1.207d480e90658p-4, 0x1.ac45e37fe2526p-3, 0x1.5da9f415ff23fp-2, 0x1.db081ce6e2a48p-2,
            0x1.25b8a88b6dd7fp-1, 0x1.569243d2b3a9bp-1, 0x1.7fb9bfaed8078p-1, 0x1.a1551a16aaeafp-1,
            0x1.bbef0fbde6221p-1, 0x1.d0580b2cfd249p-1, 0x1.df85ea8db188ep-1, 0x1.ea7730ed0bbb9p-1,
            0x1.f21c9f12f0677p-1, 0x1.f74a6d9a38383p-1, 0x1.fab0dd89d1309p-1, 0x1.fcdacca0bfb73p-1,
            0x1.fe307f2b503d0p-1, 0x1.fefcce6813974p-1, 0x1.ff733814af88cp-1, 0x1.ffb5bdf67fe6fp-1,
            0x1.ffd9f78c7524ap-1, 0x1.ffed167b12ac2p-1, 0x1.fff6dee89352ep-1, 0x1.fffbb8f1049c6p-1,
            0x1.fffe0e0140857p-1, 0x1.ffff2436a21dcp-1, 0x1.ffffa1de8c582p-1, 0x1.ffffd8e1a2f22p-1,
            0x1.fffff039f9e8fp-1, 0x1.fffff9d446cccp-1, 0x1.fffffda86faa9p-1, 0x1.ffffff233ee1dp-1,
            0x1.ffffffb127525p-1, 0x1.ffffffe4aed5ep-1, 0x1.fffffff6d1e56p-1, 0x1.fffffffd01f89p-1,
            0x1.ffffffff0dd2bp-1, 0x1.ffffffffb5be5p-1, 0x1.ffffffffe9eb0p-1, 0x1.fffffffff9a1bp-1,
            0x1.fffffffffe380p-1, 0x1.ffffffffff845p-1, 0x1.ffffffffffdf8p-1, 0x1.fffffffffff7bp-1,
            0x1.fffffffffffdfp-1, 0x1.ffffffffffff8p-1, 0x1.ffffffffffffep-1, 0x1.0000000000000p+0
    };

    /** Interval {@code i}'s coefficients at {@code [i * (DEGREE + 1), (i + 1) * (DEGREE + 1))}, constant first. */
    private static final double[] TAYLOR = new double[(int) (LIMIT * PER_UNIT) * (DEGREE + 1)];

    static {
        double factorial = 1;
        for (int n = 0; n < SERIES_TERMS; n++) {
            factorial *= Math.max(n, 1);
            SERIES[n] = TWO_OVER_SQRT_PI * (n % 2 == 0 ? 1 : -1) / (factorial * (2 * n + 1));
        }
        for (int i = 0; i < LIMIT * PER_UNIT; i++) {
            double c = (i + 0.5) / PER_UNIT;
            int base = i * (DEGREE + 1);
            TAYLOR[base] = CENTRES[i];
            double scale = TWO_OVER_SQRT_PI * Math.exp(-c * c);
            double hermitePrevious = 0; // H_(k-2)(c)
            double hermite = 1; // H_(k-1)(c)
            double kFactorial = 1;
            for (int k = 1; k <= DEGREE; k++) {
                kFactorial *= k;
                TAYLOR[base + k] = scale * (k % 2 == 1 ? 1 : -1) * hermite / kFactorial;
                double next = 2 * c * hermite - 2 * (k - 1) * hermitePrevious;
                hermitePrevious = hermite;
                hermite = next;
            }
        }
    }

    private Erf() {
    }

    static double erf(double x) {
        double ax = Math.abs(x);
        if (!(ax < LIMIT)) {
            return ax >= LIMIT ? Math.copySign(1.0, x) : x;
        }
        if (ax < 1.0 / PER_UNIT) {
            double x2 = x * x;
            double p = SERIES[SERIES_TERMS - 1];
            for (int n = SERIES_TERMS - 2; n >= 0; n--) {
                p = p * x2 + SERIES[n];
            }
            return x * p;
        }
        int i = (int) (ax * PER_UNIT);
        double h = ax - (i + 0.5) / PER_UNIT;
        int base = i * (DEGREE + 1);
        double p = TAYLOR[base + DEGREE];
        for (int k = DEGREE - 1; k >= 0; k--) {
            p = p * h + TAYLOR[base + k];
        }
        return Math.copySign(p, x);
    }

    /**
     * erf by its series, slowly: below 3 in magnitude, {@code 2/sqrt(pi) exp(-x^2) sum 2^n x^(2n+1) /
     * (2n+1)!!} (all terms of one sign, so nothing cancels); from 3 to 6, {@code 1 - erfc(x)} with erfc's
     * continued fraction {@code exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))}; from 6 on,
     * 1. Within 12 ulps of glibc: the reference that the table is tested against.
     */
    static double erfSeries(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double ax = Math.abs(x);
        if (ax >= LIMIT) {
            return Math.copySign(1.0, x);
        }
        if (ax < 3.0) {
            double t2 = 2.0 * x * x;
            double term = x;
            double sum = x;
            for (int n = 1; n < 200; n++) {
                term = term * t2 / (2 * n + 1);
                sum += term;
                if (Math.abs(term) <= Math.abs(sum) * 1e-17) {
                    break;
                }
            }
            return TWO_OVER_SQRT_PI * Math.exp(-x * x) * sum;
        }
        double f = ax;
        for (int k = 60; k >= 1; k--) {
            f = ax + (k * 0.5) / f;
        }
        double erfc = Math.exp(-ax * ax) * ONE_OVER_SQRT_PI / f;
        return Math.copySign(1.0 - erfc, x);
    }
}
