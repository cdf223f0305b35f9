package org.jitdispatch.kernels.ops;

/**
 * The element functions that ufuncs.yaml's expressions call ({@code ScalarMath.erf(self)}), as ATen's loops
 * call the scalar functions of
 * {@code ATen/native/Math.h}: one double function each, used by the float32 loops too (computed in double,
 * rounded once).
 */
public final class ScalarMath {
    private static final double TWO_OVER_SQRT_PI = 2.0 / Math.sqrt(Math.PI);
    private static final double ONE_OVER_SQRT_PI = 1.0 / Math.sqrt(Math.PI);

    private ScalarMath() {
    }

    /**
     * The error function. Below 3 in magnitude, {@code 2/sqrt(pi) exp(-x^2) sum 2^n x^(2n+1) / (2n+1)!!} (all
     * terms of one sign, so nothing cancels); from 3 to 6, {@code 1 - erfc(x)} with erfc's continued fraction
     * {@code exp(-x^2)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...))))}; from 6 on, 1 (erfc(6) is below
     * half an ulp of 1). Keeps the sign of zero; NaN stays NaN.
     */
    public static double erf(double x) {
        if (Double.isNaN(x)) {
            return x;
        }
        double ax = Math.abs(x);
        if (ax >= 6.0) {
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

    /** Python's modulus (ATen's remainder): the result takes the divisor's sign. */
    public static double remainder(double a, double b) {
        double mod = a % b;
        if (mod != 0 && (b < 0) != (mod < 0)) {
            mod += b;
        }
        return mod;
    }
}
