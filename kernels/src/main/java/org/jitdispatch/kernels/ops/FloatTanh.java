package org.jitdispatch.kernels.ops;

/**
 * tanh of float32 elements in float32 arithmetic, for the JDKs before 21 ({@link ScalarMath#tanh(float)} picks it
 * there when {@link FloatExponential} has its blocks), in the manner of Cephes' {@code tanhf}: below 0.625 in
 * magnitude the odd polynomial {@code x + x^3 P(x^2)}, above it {@code (1 - e) / (1 + e)} with
 * {@code e = e^(-2|x|)} (which never overflows), with x's sign; within two ulps of tanh. Both are computed for every
 * element and one kept by a factor of 1 or 0 (no branch), so a run is computed a block at a time in loops C2
 * vectorizes on JDK 17 (the magnitude's comparison and the sign through the bits), with the one-element
 * definition's operations in its order: the same bits.
 */
final class FloatTanh {
    /** Where the polynomial gives way to the exponential. */
    private static final float POLYNOMIAL_BELOW = 0.625f;
    private static final int BLOCK = FloatExponential.BLOCK;
    private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[4][BLOCK]);

    private FloatTanh() {
    }

    /** tanh(x). */
    static float inFloat(float x) {
        float a = Math.abs(x);
        float p = polynomial(Math.min(a, POLYNOMIAL_BELOW));
        float e = FloatExponential.exp(-2f * a);
        float q = (1f - e) / (1f + e);
        float m = a < POLYNOMIAL_BELOW ? 1f : 0f;
        return Math.copySign(m * p + (1f - m) * q, x);
    }

    /** tanh(s) for {@code 0 <= s <= 0.625}: Cephes' {@code s + s^3 P(s^2)}. */
    private static float polynomial(float s) {
        float z = s * s;
        return ((((-5.70498872745e-3f * z + 2.06390887954e-2f) * z - 5.37397155531e-2f) * z + 1.33314422036e-1f) * z
                - 3.33332819422e-1f) * z * s + s;
    }

    /**
     * {@code out[outOff + i] = inFloat(x[xOff + i])} for {@code i < n}; {@code out} may be {@code x} at the same
     * offset. Only with {@link FloatExponential#BLOCKS}.
     */
    static void run(float[] x, int xOff, float[] out, int outOff, int n) {
        float[][] scratch = SCRATCH.get();
        float[] xs = scratch[0];
        float[] p = scratch[1];
        float[] e = scratch[2];
        float[] m = scratch[3];
        for (int done = 0; done < n; done += BLOCK) {
            int count = Math.min(BLOCK, n - done);
            System.arraycopy(x, xOff + done, xs, 0, count);
            for (int i = 0; i < count; i++) {
                float a = Math.abs(xs[i]);
                p[i] = polynomial(Math.min(a, POLYNOMIAL_BELOW));
                e[i] = -2f * a;
                m[i] = a;
            }
            FloatExponential.exp(e, 0, 0f, e, 0, count);
            FloatExponential.belowAsOnes(m, POLYNOMIAL_BELOW, m, count);
            for (int i = 0; i < count; i++) {
                float q = (1f - e[i]) / (1f + e[i]);
                p[i] = m[i] * p[i] + (1f - m[i]) * q;
            }
            FloatExponential.copySigns(p, xs, count);
            System.arraycopy(p, 0, out, outOff + done, count);
        }
    }
}
