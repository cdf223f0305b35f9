package org.jitdispatch.kernels.ops;

/**
 * lgamma, digamma, polygamma, erfc and erfinv of one double, for the ufunc loops.
 *
 * <p>lgamma is the Lanczos approximation (g = 7, 9 terms), with the reflection formula below 0.5 and +inf at
 * the poles (0 and the negative integers); about 1e-15 relative. Within 0.2 of its zeros at 1 and 2 it is the
 * Taylor series about 2 (exactly 0 at both, accurate relative to itself as glibc's), and below 2^-56 in magnitude
 * {@code -log|x|}. digamma is
 * ATen's calc_digamma: the reflection formula below 0 (from the fractional part, so tan(pi r) stays accurate),
 * the recurrence up to 10 and the asymptotic series there. erfinv starts from Winitzki's closed form (within
 * 2e-3) and takes Newton steps on {@link Erf#erf} (within an ulp), like ATen's two Newton steps after its
 * rational guess; as in ATen, accuracy falls near -1 and 1 where erf is flat.
 *
 * <p>polygamma is ATen's: digamma for n = 0, calc_trigamma for n = 1 (the reflection formula below 0.5, six
 * steps of the recurrence and the asymptotic series), and {@code (-1)^(n+1) n! zeta(n + 1, x)} from n = 2, with
 * Cephes' Hurwitz zeta (direct sums, then the Euler-Maclaurin series). erfc is {@code 1 - erf(x)} below 2, where
 * that loses under 1e-13 relative, and from 2 the continued fraction {@code e^(-x^2) / sqrt(pi) / (x + (1/2) / (x
 * + 1 / (x + (3/2) / (x + ...))))}, with {@code e^(-x^2)} split as fdlibm's erfc splits it (the square of x's
 * upper half is exact), until it underflows past 27.3.
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
        double a = Math.abs(x);
        if (a < 0x1p-56) {
            // -log|x| - EulerGamma x, whose second term is below the first's ulp (pi / sin(pi x) would overflow
            // for a subnormal x)
            return -Math.log(a);
        }
        if (Math.abs(x - 1) <= NEAR_ZERO || Math.abs(x - 2) <= NEAR_ZERO) {
            return nearZeros(x);
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

    /** How far from 1 and 2 lgamma takes its Taylor series there. */
    private static final double NEAR_ZERO = 0.2;
    /** {@code (-1)^k (zeta(k) - 1) / k} for k = 2, 3, ...: lgamma(2 + z)'s Taylor coefficients past z's. */
    private static final class TaylorAtTwo {
        static final double[] COEFFICIENTS = new double[30];

        static {
            for (int k = 2; k < COEFFICIENTS.length + 2; k++) {
                COEFFICIENTS[k - 2] = ((k & 1) == 0 ? 1 : -1) * zeta(k, 2.0) / k;
            }
        }
    }

    /**
     * lgamma near its zeros at 1 and 2, accurate relative to itself (glibc's is; Lanczos' sum is accurate only to
     * about 1e-16 absolute there): {@code lgamma(2 + z) = (1 - EulerGamma) z + sum_k (-1)^k (zeta(k) - 1) z^k / k},
     * and {@code lgamma(1 + z) = lgamma(2 + z) - log1p(z)}. Exactly 0 at 1 and 2.
     */
    private static double nearZeros(double x) {
        boolean nearOne = Math.abs(x - 1) <= NEAR_ZERO;
        double z = nearOne ? x - 1 : x - 2;
        double sum = 0;
        double[] c = TaylorAtTwo.COEFFICIENTS;
        for (int i = c.length - 1; i >= 0; i--) {
            sum = (sum + c[i]) * z;
        }
        double atTwo = (1 - EULER_GAMMA + sum) * z;
        return nearOne ? atTwo - Math.log1p(z) : atTwo;
    }

    private static final double EULER_GAMMA = 0.57721566490153286061;

    /** sin(pi x) from x's distance to the nearest integer, which pi x itself loses for large x. */
    private static double sinPi(double x) {
        if (Math.abs(x) < 0.5) {
            return Math.sin(Math.PI * x); // x is its own distance to 0 (reducing it below would lose a tiny x)
        }
        double r = x - 2 * Math.floor(x / 2); // [0, 2)
        return r <= 1 ? Math.sin(Math.PI * r) : -Math.sin(Math.PI * (r - 1));
    }

    private static final double PSI_10 = 2.25175258906672110764;
    /** The asymptotic series' coefficients, highest power of 1/x^2 first (Bernoulli numbers over 2n). */
    private static final double[] ASYMPTOTIC = {8.33333333333333333333E-2, -2.10927960927960927961E-2,
            7.57575757575757575758E-3, -4.16666666666666666667E-3, 3.96825396825396825397E-3,
            -8.33333333333333333333E-3, 8.33333333333333333333E-2};

    /** The Euler-Maclaurin coefficients of Cephes' zeta: {@code (2k)! / B_2k}. */
    private static final double[] ZETA_A = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
        7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
        1.8152105401943546773e17, -7.1661652561756670113e18};
    private static final double MACHEP = 1.11022302462515654042e-16;
    /** Where erfc's continued fraction takes over from {@code 1 - erf}. */
    private static final double ERFC_FRACTION_FROM = 2.0;
    /** Past this erfc underflows to 0 in double. */
    private static final double ERFC_UNDERFLOW = 27.3;

    /** The n-th derivative of digamma (n >= 0), as ATen's polygamma kernel computes it. */
    public static double polygamma(int n, double x) {
        if (n == 0) {
            return digamma(x);
        }
        if (n == 1) {
            return trigamma(x);
        }
        return (n % 2 == 1 ? 1.0 : -1.0) * Math.exp(lgamma(n + 1.0)) * zeta(n + 1.0, x);
    }

    /** ATen's calc_trigamma. */
    static double trigamma(double x) {
        double sign = 1;
        double result = 0;
        if (x < 0.5) {
            sign = -1;
            double sinPiX = Math.sin(Math.PI * x);
            result -= (Math.PI * Math.PI) / (sinPiX * sinPiX);
            x = 1 - x;
        }
        for (int i = 0; i < 6; i++) {
            result += 1 / (x * x);
            x += 1;
        }
        double ixx = 1 / (x * x);
        result += (1 + 1 / (2 * x) + ixx * (1.0 / 6 - ixx * (1.0 / 30 - ixx * (1.0 / 42)))) / x;
        return sign * result;
    }

    /** ATen's calc_trigamma for float, in float arithmetic. */
    static float trigamma(float x) {
        float sign = 1;
        float result = 0;
        float pi = (float) Math.PI;
        if (x < 0.5f) {
            sign = -1;
            float sinPiX = (float) Math.sin(pi * x);
            result -= (pi * pi) / (sinPiX * sinPiX);
            x = 1 - x;
        }
        for (int i = 0; i < 6; i++) {
            result += 1 / (x * x);
            x += 1;
        }
        float ixx = 1 / (x * x);
        result += (1 + 1 / (2 * x) + ixx * (1f / 6 - ixx * (1f / 30 - ixx * (1f / 42)))) / x;
        return sign * result;
    }

    /** The Hurwitz zeta function {@code sum_k (k + q)^-x}, Cephes' zeta as ATen has it. */
    static double zeta(double x, double q) {
        if (x == 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (x < 1) {
            return Double.NaN;
        }
        if (q <= 0) {
            if (q == Math.floor(q)) {
                return Double.POSITIVE_INFINITY;
            }
            if (x != Math.floor(x)) {
                return Double.NaN;
            }
        }
        double s = Math.pow(q, -x);
        double a = q;
        double b = 0;
        int i = 0;
        while (i < 9 || a <= 9.0) {
            i += 1;
            a += 1;
            b = Math.pow(a, -x);
            s += b;
            if (-MACHEP * s < b && b < MACHEP * s) {
                return s;
            }
        }
        double w = a;
        s += b * w / (x - 1);
        s -= 0.5 * b;
        a = 1;
        double k = 0;
        for (int j = 0; j < ZETA_A.length; j++) {
            a *= x + k;
            b /= w;
            double t = a * b / ZETA_A[j];
            s = s + t;
            t = Math.abs(t / s);
            if (t < MACHEP) {
                return s;
            }
            k += 1;
            a *= x + k;
            b /= w;
            k += 1;
        }
        return s;
    }

    /** The complementary error function {@code 1 - erf(x)}, accurate where it is small. */
    public static double erfc(double x) {
        if (!(x >= ERFC_FRACTION_FROM)) {
            return 1 - Erf.erf(x); // NaN stays NaN
        }
        if (x >= ERFC_UNDERFLOW) {
            return 0;
        }
        double f = erfcFraction(x);
        // e^(-x^2) = e^(-z^2) e^((z - x)(z + x)), z = x with its low 32 bits cleared: z * z is exact
        double z = Double.longBitsToDouble(Double.doubleToRawLongBits(x) & 0xffffffff00000000L);
        double gauss = Math.exp(-z * z) * Math.exp((z - x) * (z + x));
        return gauss / Math.sqrt(Math.PI) / f;
    }

    /**
     * The continued fraction {@code x + (1/2) / (x + 1 / (x + (3/2) / (x + ...)))} (modified Lentz), for x >= 2:
     * {@code erfc(x) = e^(-x^2) / (sqrt(pi) f)}.
     */
    static double erfcFraction(double x) {
        double tiny = 1e-300;
        double f = x;
        double c = x;
        double d = 0;
        for (int k = 1; k < 500; k++) {
            double an = k / 2.0;
            d = x + an * d;
            d = d == 0 ? tiny : d;
            c = x + an / c;
            c = c == 0 ? tiny : c;
            d = 1 / d;
            double delta = c * d;
            f *= delta;
            if (Math.abs(delta - 1) < 1e-16) {
                break;
            }
        }
        return f;
    }

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
