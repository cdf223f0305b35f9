package org.jitdispatch.kernels.random;

/**
 * The float logarithm, sine and cosine of ATen's {@code avx_mathfun.h} (Julien Pommier's Cephes-based
 * {@code log256_ps} and {@code sincos256_ps}), one lane at a time, which PyTorch's AVX2 normal kernel uses
 * instead of libm. The multiply-adds are fused where GCC fuses them when it compiles that header for AVX2
 * with {@code -mfma}; the golden vectors from PyTorch check every bit.
 */
final class CephesFloat {
    private CephesFloat() {
    }

    private static final float MIN_NORM_POS = Float.intBitsToFloat(0x00800000);
    private static final float SQRTHF = 0.707106781186547524f;
    private static final float LOG_P0 = 7.0376836292E-2f;
    private static final float LOG_P1 = -1.1514610310E-1f;
    private static final float LOG_P2 = 1.1676998740E-1f;
    private static final float LOG_P3 = -1.2420140846E-1f;
    private static final float LOG_P4 = 1.4249322787E-1f;
    private static final float LOG_P5 = -1.6668057665E-1f;
    private static final float LOG_P6 = 2.0000714765E-1f;
    private static final float LOG_P7 = -2.4999993993E-1f;
    private static final float LOG_P8 = 3.3333331174E-1f;
    private static final float LOG_Q1 = -2.12194440e-4f;
    private static final float LOG_Q2 = 0.693359375f;

    /** {@code log256_ps}: NaN for x <= 0; denormals are read as the smallest normal. */
    static float log(float x) {
        boolean invalid = x <= 0;
        x = Math.max(x, MIN_NORM_POS);
        int bits = Float.floatToRawIntBits(x);
        int imm0 = (bits >>> 23) - 0x7f;
        x = Float.intBitsToFloat((bits & ~0x7f800000) | 0x3f000000);
        float e = (float) imm0 + 1.0f;
        boolean below = x < SQRTHF;
        float tmp = below ? x : 0.0f;
        x = x - 1.0f;
        e = e - (below ? 1.0f : 0.0f);
        x = x + tmp;
        float z = x * x;
        float y = LOG_P0;
        y = Math.fma(y, x, LOG_P1);
        y = Math.fma(y, x, LOG_P2);
        y = Math.fma(y, x, LOG_P3);
        y = Math.fma(y, x, LOG_P4);
        y = Math.fma(y, x, LOG_P5);
        y = Math.fma(y, x, LOG_P6);
        y = Math.fma(y, x, LOG_P7);
        y = Math.fma(y, x, LOG_P8);
        y = y * x;
        y = Math.fma(y, z, e * LOG_Q1);
        y = Math.fma(-z, 0.5f, y);
        x = x + y;
        x = Math.fma(e, LOG_Q2, x);
        return invalid ? Float.NaN : x;
    }

    private static final float MINUS_DP1 = -0.78515625f;
    private static final float MINUS_DP2 = -2.4187564849853515625e-4f;
    private static final float MINUS_DP3 = -3.77489497744594108e-8f;
    private static final float SINCOF_P0 = -1.9515295891E-4f;
    private static final float SINCOF_P1 = 8.3321608736E-3f;
    private static final float SINCOF_P2 = -1.6666654611E-1f;
    private static final float COSCOF_P0 = 2.443315711809948E-005f;
    private static final float COSCOF_P1 = -1.388731625493765E-003f;
    private static final float COSCOF_P2 = 4.166664568298827E-002f;
    private static final float FOPI = 1.27323954473516f;

    /** The sine of {@code sincos256_ps}. */
    static float sin(float x) {
        return sincos(x, true);
    }

    /** The cosine of {@code sincos256_ps}. */
    static float cos(float x) {
        return sincos(x, false);
    }

    private static float sincos(float x, boolean wantSin) {
        boolean signSin = (Float.floatToRawIntBits(x) & 0x80000000) != 0;
        x = Math.abs(x);
        float y = x * FOPI;
        int imm2 = (int) y;                 // cvttps: truncation
        imm2 = (imm2 + 1) & ~1;
        y = (float) imm2;
        int imm4 = imm2;
        boolean swapSignSin = (imm2 & 4) != 0;
        boolean polyMask = (imm2 & 2) == 0;
        x = Math.fma(y, MINUS_DP1, x);
        x = Math.fma(y, MINUS_DP2, x);
        x = Math.fma(y, MINUS_DP3, x);
        imm4 -= 2;
        boolean signCos = (~imm4 & 4) != 0;
        signSin ^= swapSignSin;
        float z = x * x;
        float yc = COSCOF_P0;
        yc = Math.fma(yc, z, COSCOF_P1);
        yc = Math.fma(yc, z, COSCOF_P2);
        yc = yc * z;
        yc = Math.fma(yc, z, -(z * 0.5f));
        yc = yc + 1.0f;
        float ys = SINCOF_P0;
        ys = Math.fma(ys, z, SINCOF_P1);
        ys = Math.fma(ys, z, SINCOF_P2);
        ys = ys * z;
        ys = Math.fma(ys, x, x);
        if (wantSin) {
            float s = polyMask ? ys + 0.0f : 0.0f + yc;
            return signSin ? -s : s;
        }
        float c = polyMask ? yc + 0.0f : 0.0f + ys;
        return signCos ? -c : c;
    }
}
