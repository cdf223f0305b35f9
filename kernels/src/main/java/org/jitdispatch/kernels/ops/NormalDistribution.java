package org.jitdispatch.kernels.ops;

/**
 * The scaled complementary error function and the normal distribution's log-CDF and quantile, for
 * special_erfcx, special_log_ndtr and special_ndtri: {@code erfcx(x) = e^(x^2) erfc(x)} (from erfc below 2, from
 * erfc's continued fraction above, so that it neither overflows nor loses precision; ATen uses the Faddeeva
 * package's series, to the same double precision within rounding), 1.13's {@code calc_log_ndtr} over it, and
 * Cephes' ndtri (ATen's {@code calc_ndtri}) with Cephes' coefficients.
 */
final class NormalDistribution {
    private NormalDistribution() {
    }

    private static final double SQRT_PI = Math.sqrt(Math.PI);
    private static final double SQRT1_2 = 0.70710678118654752440;
    /** sqrt(2 pi). */
    private static final double S2PI = 2.50662827463100050242E0;
    /** exp(-2). */
    private static final double EXP_M2 = 0.13533528323661269189;
    /** Below this, e^(x^2) overflows and erfcx(x) is infinite. */
    private static final double ERFCX_OVERFLOW = -26.7;

    static double erfcx(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        if (x < 0) {
            return x < ERFCX_OVERFLOW ? Double.POSITIVE_INFINITY : 2 * expSquare(x) - erfcx(-x);
        }
        if (x < 2) {
            return expSquare(x) * (1 - Erf.erf(x));
        }
        return Double.isInfinite(x) ? 0 : 1 / (SQRT_PI * SpecialFunctions.erfcFraction(x));
    }

    /** e^(x^2), with x^2 split so that its rounding does not reach the result (as erfc splits e^(-x^2)). */
    private static double expSquare(double x) {
        double z = Double.longBitsToDouble(Double.doubleToRawLongBits(x) & 0xffffffff00000000L);
        return Math.exp(z * z) * Math.exp((x - z) * (x + z));
    }

    /** calc_log_ndtr: {@code log(erfcx(-t) / 2) - t^2} below -1, {@code log1p(-erfc(t) / 2)} above, t = x / sqrt 2. */
    static double logNdtr(double x) {
        double t = x * SQRT1_2;
        if (x < -1.0) {
            return Math.log(erfcx(-t) / 2) - t * t;
        }
        return Math.log1p(-SpecialFunctions.erfc(t) / 2);
    }

    private static final double[] P0 = {-5.99633501014107895267E1, 9.80010754185999661536E1,
        -5.66762857469070293439E1, 1.39312609387279679503E1, -1.23916583867381258016E0};
    private static final double[] Q0 = {1.0, 1.95448858338141759834E0, 4.67627912898881538453E0,
        8.63602421390890590575E1, -2.25462687854119370527E2, 2.00260212380060660359E2, -8.20372256168333339912E1,
        1.59056225126211695515E1, -1.18331621121330003142E0};
    private static final double[] P1 = {4.05544892305962419923E0, 3.15251094599893866154E1,
        5.71628192246421288162E1, 4.40805073893200834700E1, 1.46849561928858024014E1, 2.18663306850790267539E0,
        -1.40256079171354495875E-1, -3.50424626827848203418E-2, -8.57456785154685413611E-4};
    private static final double[] Q1 = {1.0, 1.57799883256466749731E1, 4.53907635128879210584E1,
        4.13172038254672030440E1, 1.50425385692907503408E1, 2.50464946208309415979E0, -1.42182922854787788574E-1,
        -3.80806407691578277194E-2, -9.33259480895457427372E-4};
    private static final double[] P2 = {3.23774891776946035970E0, 6.91522889068984211695E0,
        3.93881025292474443415E0, 1.33303460815807542389E0, 2.01485389549179081538E-1, 1.23716634817820021358E-2,
        3.01581553508235416007E-4, 2.65806974686737550832E-6, 6.23974539184983293730E-9};
    private static final double[] Q2 = {1.0, 6.02427039364742014255E0, 3.67983563856160859403E0,
        1.37702099489081330271E0, 2.16236993594496635890E-1, 1.34204006088543189037E-2, 3.28014464682127739104E-4,
        2.89247864745380683936E-6, 6.79019408009981274425E-9};

    /** calc_ndtri: the x with Phi(x) = y; -inf at 0, inf at 1, NaN outside [0, 1]. */
    static double ndtri(double y0) {
        if (y0 == 0) {
            return Double.NEGATIVE_INFINITY;
        }
        if (y0 == 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (!(y0 > 0 && y0 < 1)) {
            return Double.NaN;
        }
        boolean lowerTail = true;
        double y = y0;
        if (y > 1.0 - EXP_M2) {
            y = 1.0 - y;
            lowerTail = false;
        }
        if (y > EXP_M2) {
            y = y - 0.5;
            double y2 = y * y;
            double x = y + y * (y2 * polevl(y2, P0) / polevl(y2, Q0));
            return x * S2PI;
        }
        double x = Math.sqrt(-2.0 * Math.log(y));
        double x0 = x - Math.log(x) / x;
        double z = 1.0 / x;
        double x1 = x < 8.0 ? z * polevl(z, P1) / polevl(z, Q1) : z * polevl(z, P2) / polevl(z, Q2);
        x = x0 - x1;
        return lowerTail ? -x : x;
    }

    /** The polynomial with coefficients c (highest power first) at x, by Horner's rule. */
    private static double polevl(double x, double[] c) {
        double r = c[0];
        for (int i = 1; i < c.length; i++) {
            r = r * x + c[i];
        }
        return r;
    }
}
