package org.jitdispatch.kernels.ops;

/**
 * lgamma, digamma and erfinv of one double, for the ufunc loops.
 *
 * <p>lgamma is the Lanczos approximation (g = 7, 9 terms), with the reflection formula below 0.5 and +inf at
 * the poles (0 and the negative integers); about 1e-15 relative away from lgamma's zeros at 1 and 2. digamma is
 * ATen's calc_digamma: the reflection formula below 0 (from the fractional part, so tan(pi r) stays accurate),
 * the recurrence up to 10 and the asymptotic series there. erfinv starts from Winitzki's closed form (within
 * 2e-3) and takes Newton steps on {@link Erf#erf} (within an ulp), like ATen's two Newton steps after its
 * rational guess; as in ATen, accuracy falls near -1 and 1 where erf is flat.
 */
public final class SpecialFunctions {
    private SpecialFunctions() {
    }

    private static final double[] LANCZOS = {0.99999999999980993, 676.5203681218851, -1259.1392167224028,
            771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
            9.9843695780195716e-6, 1.5056327351493116e-7};
    private static final double HALF_LOG_TWO_PI = 0.5 * Math.log(2 * Math.PI);

    public static double lgamma(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        if (Double.isInfinite(x)) {
            return Double.POSITIVE_INFINITY;
        }
        if (x <= 0 && x == Math.rint(x)) {
            return Double.POSITIVE_INFINITY; // a pole
        }
        if (x < 0.5) {
            // Gamma(x) Gamma(1 - x) = pi / sin(pi x)
            return Math.log(Math.PI / Math.abs(sinPi(x))) - lgamma(1 - x);
        }
        double z = x - 1;
        double sum = LANCZOS[0];
        for (int i = 1; i < LANCZOS.length; i++) {
            sum += LANCZOS[i] / (z + i);
        }
        double t = z + 7.5;
        return HALF_LOG_TWO_PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
    }

    /** sin(pi x) from x's distance to the nearest integer, which pi x itself loses for large x. */
    private static double sinPi(double x) {
        double r = x - 2 * Math.floor(x / 2); // [0, 2)
        return r <= 1 ? Math.sin(Math.PI * r) : -Math.sin(Math.PI * (r - 1));
    }

    private static final double PSI_10 = 2.25175258906672110764;
    /** The asymptotic series' coefficients, highest power of 1/x^2 first (Bernoulli numbers over 2n). */
    private static final double[] ASYMPTOTIC = {8.33333333333333333333E-2, -2.10927960927960927961E-2,
            7.57575757575757575758E-3, -4.16666666666666666667E-3, 3.96825396825396825397E-3,
            -8.33333333333333333333E-3, 8.33333333333333333333E-2};

    public static double digamma(double x) {
        if (x == 0) {
            return Math.copySign(Double.POSITIVE_INFINITY, -x);
        }
        if (x < 0) {
            if (x == Math.rint(x)) {
                return Double.NaN;
            }
            double r = x - (x < 0 ? Math.ceil(x) : Math.floor(x)); // modf's fractional part
            return digamma(1 - x) - Math.PI / Math.tan(Math.PI * r);
        }
        double result = 0;
        while (x < 10) {
            result -= 1 / x;
            x += 1;
        }
        if (x == 10) {
            return result + PSI_10;
        }
        double y = 0;
        if (x < 1.0e17) {
            double z = 1.0 / (x * x);
            double p = 0;
            for (double c : ASYMPTOTIC) {
                p = p * z + c;
            }
            y = z * p;
        }
        return result + Math.log(x) - 0.5 / x - y;
    }

    private static final double WINITZKI_A = 0.147;

    public static double erfinv(double y) {
        if (Double.isNaN(y) || y < -1 || y > 1) {
            return Double.NaN;
        }
        if (y == 1 || y == -1) {
            return Math.copySign(Double.POSITIVE_INFINITY, y);
        }
        if (y == 0) {
            return y; // keeps -0.0
        }
        double ln = Math.log((1 - y) * (1 + y));
        double first = 2 / (Math.PI * WINITZKI_A) + ln / 2;
        double x = Math.copySign(Math.sqrt(Math.sqrt(first * first - ln / WINITZKI_A) - first), y);
        for (int i = 0; i < 4; i++) {
            double step = (Erf.erf(x) - y) / (2 / Math.sqrt(Math.PI) * Math.exp(-x * x));
            x -= step;
            if (Math.abs(step) <= Math.ulp(x)) {
                break;
            }
        }
        return x;
    }
}
