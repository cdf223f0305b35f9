package org.jitdispatch.kernels.ops;

/**
 * GELU ({@code approximate='none'}) of float32 elements and its gradient, in float32 as ATen's vectorized CPU kernel
 * computes them: {@code gelu(x) = x / 2 * (1 + erf(x / sqrt 2))} and {@code dy * (Phi(x) + x * phi(x))} with
 * {@code Phi(x) = (1 + erf(x / sqrt 2)) / 2} and {@code phi(x) = e^(-x^2 / 2) / sqrt(2 pi)}, the error function as
 * {@code Vectorized<float>::erf} has it: Abramowitz and Stegun's 7.1.26, {@code erf(a) = sign(a) (1 - t P(t)
 * e^(-a^2))} with {@code t = 1 / (1 + 0.3275911 |a|)}, within 1.5e-7 of erf. One e^(-a^2), with a = x / sqrt 2,
 * serves both the error function and phi.
 *
 * <p>The exponential is {@link ScalarMath#expRounded(float)}'s. A run is computed a block at a time, copied into
 * per-thread scratch arrays so that every loop reads and writes them at one index, the form C2 vectorizes, with
 * the one-element definitions' operations in their order, so the same bits: before JDK 21 with
 * {@link FloatExponential}'s exponential and sign copies, from JDK 21 with {@link ScalarMath#expRun} and
 * {@code Math.copySign}.
 */
final class FloatGelu {
    private static final float SQRT1_2 = (float) Math.sqrt(0.5);
    private static final float INV_SQRT_2PI = (float) (1.0 / Math.sqrt(2.0 * Math.PI));
    private static final float P = 0.3275911f;
    private static final float P1 = 0.254829592f;
    private static final float P2 = -0.284496736f;
    private static final float P3 = 1.421413741f;
    private static final float P4 = -1.453152027f;
    private static final float P5 = 1.061405429f;

    private static final int BLOCK = FloatExponential.BLOCK;
    private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[4][BLOCK]);

    private FloatGelu() {
    }

    /** gelu(x). */
    static float gelu(float x) {
        float a = x * SQRT1_2;
        float t = 1f / (P * Math.abs(a) + 1f);
        float erf = Math.copySign(1f - polynomial(t) * t * ScalarMath.expRounded(-(a * a)), a);
        return x * 0.5f * (1f + erf);
    }

    /** The gradient: {@code dy * (Phi(x) + x * phi(x))}. */
    static float backward(float dy, float x) {
        float a = x * SQRT1_2;
        float t = 1f / (P * Math.abs(a) + 1f);
        float e = ScalarMath.expRounded(-(a * a));
        float erf = Math.copySign(1f - polynomial(t) * t * e, a);
        return dy * (0.5f * (1f + erf) + x * (e * INV_SQRT_2PI));
    }

    /** {@code P(t) = p1 + t (p2 + t (p3 + t (p4 + t p5)))}. */
    private static float polynomial(float t) {
        return P1 + t * (P2 + t * (P3 + t * (P4 + t * P5)));
    }

    /** {@code out[outOff + i] = gelu(x[xOff + i])} for {@code i < n}; {@code out} may be {@code x} at the same offset. */
    static void gelu(float[] x, int xOff, float[] out, int outOff, int n) {
        run(null, 0, x, xOff, out, outOff, n);
    }

    /**
     * {@code out[outOff + i] = backward(dy[dyOff + i], x[xOff + i])} for {@code i < n}; {@code out} may be either
     * input at the same offset.
     */
    static void backward(float[] dy, int dyOff, float[] x, int xOff, float[] out, int outOff, int n) {
        run(dy, dyOff, x, xOff, out, outOff, n);
    }

    /** gelu's run ({@code dy} null) or its gradient's. */
    private static void run(float[] dy, int dyOff, float[] x, int xOff, float[] out, int outOff, int n) {
        float[][] scratch = SCRATCH.get();
        float[] xs = scratch[0];
        float[] as = scratch[1];
        float[] es = scratch[2];
        float[] erfs = scratch[3];
        for (int done = 0; done < n; done += BLOCK) {
            int m = Math.min(BLOCK, n - done);
            System.arraycopy(x, xOff + done, xs, 0, m);
            for (int i = 0; i < m; i++) {
                float a = xs[i] * SQRT1_2;
                as[i] = a;
                es[i] = -(a * a);
            }
            ScalarMath.expRun(es, 0, 0f, es, 0, m);
            for (int i = 0; i < m; i++) {
                float t = 1f / (P * Math.abs(as[i]) + 1f);
                erfs[i] = 1f - polynomial(t) * t * es[i];
            }
            if (FloatExponential.BLOCKS) {
                FloatExponential.copySigns(erfs, as, m);
            } else {
                for (int i = 0; i < m; i++) {
                    erfs[i] = Math.copySign(erfs[i], as[i]);
                }
            }
            if (dy == null) {
                for (int i = 0; i < m; i++) {
                    erfs[i] = xs[i] * 0.5f * (1f + erfs[i]);
                }
            } else {
                System.arraycopy(dy, dyOff + done, as, 0, m);
                for (int i = 0; i < m; i++) {
                    erfs[i] = as[i] * (0.5f * (1f + erfs[i]) + xs[i] * (es[i] * INV_SQRT_2PI));
                }
            }
            System.arraycopy(erfs, 0, out, outOff + done, m);
        }
    }
}
