package org.jitdispatch.kernels.ops;

/**
 * sigmoid of float32 elements as {@link ScalarMath#sigmoid(float)} defines it: {@code 1 / (1 + e^-x)} in double and
 * rounded once from JDK 21, whose C2 vectorizes that loop; before JDK 21 in float32 arithmetic with {@link
 * FloatExponential}'s exponential (within an ulp), as {@code num / (1 + e)} with {@code e = e^-|x|}, {@code num}
 * 1 for x >= 0 and e below, so that e never overflows and a subnormal sigmoid of a very negative x is not lost
 * (ATen's {@code 1 / (1 + e^-x)} gives 0 below -88.7): within about two ulps of sigmoid. There a run is computed a
 * block at a time in loops C2 vectorizes, copied into per-thread scratch arrays, x's sign read through its bits
 * (the one-element definition's operations in its order: the same bits).
 */
final class FloatSigmoid {
    private static final int BLOCK = FloatExponential.BLOCK;
    private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[3][BLOCK]);

    private FloatSigmoid() {
    }

    /** sigmoid(x) in float32 arithmetic: {@code (m e + (1 - m)) / (1 + e)}, {@code e = exp(-|x|)}, m x's sign bit. */
    static float inFloat(float x) {
        float e = FloatExponential.exp(-Math.abs(x));
        float m = Float.floatToRawIntBits(x) < 0 ? 1f : 0f;
        return (m * e + (1f - m)) / (1f + e);
    }

    /** {@code out[outOff + i] = silu(x[xOff + i])} for {@code i < n} in blocks. Only with {@link FloatExponential#BLOCKS}. */
    static void silu(float[] x, int xOff, float[] out, int outOff, int n) {
        blocks(null, 0, x, xOff, out, outOff, n, Kind.SILU);
    }

    /**
     * {@code out[outOff + i] = siluBackward(dy[dyOff + i], x[xOff + i])} for {@code i < n} in blocks. Only with
     * {@link FloatExponential#BLOCKS}.
     */
    static void siluBackward(float[] dy, int dyOff, float[] x, int xOff, float[] out, int outOff, int n) {
        blocks(dy, dyOff, x, xOff, out, outOff, n, Kind.SILU_BACKWARD);
    }

    /** silu(x) = x * sigmoid(x), in float32. */
    static float silu(float x) {
        return x * inFloat(x);
    }

    /** silu's gradient {@code dy * s * (1 + x * (1 - s))}, s = sigmoid(x), in float32. */
    static float siluBackward(float dy, float x) {
        float s = inFloat(x);
        return dy * s * (1f + x * (1f - s));
    }

    /**
     * {@code out[outOff + i] = ScalarMath.sigmoid(x[xOff + i])} for {@code i < n}; {@code out} may be {@code x} at
     * the same offset.
     */
    static void run(float[] x, int xOff, float[] out, int outOff, int n) {
        if (!FloatExponential.BLOCKS) {
            for (int i = 0; i < n; i++) {
                out[outOff + i] = ScalarMath.sigmoid(x[xOff + i]);
            }
            return;
        }
        blocks(null, 0, x, xOff, out, outOff, n, Kind.SIGMOID);
    }

    /** What {@link #blocks} computes from each sigmoid. */
    private enum Kind { SIGMOID, SILU, SILU_BACKWARD }

    /**
     * sigmoid, silu or silu's gradient ({@code dy} given) of a run, a block at a time in vectorized loops: the
     * one-element forms' operations in their order. {@code out} may be an input at the same offset.
     */
    private static void blocks(float[] dy, int dyOff, float[] x, int xOff, float[] out, int outOff, int n, Kind kind) {
        float[][] scratch = SCRATCH.get();
        float[] xs = scratch[0];
        float[] e = scratch[1];
        float[] signs = scratch[2];
        for (int done = 0; done < n; done += BLOCK) {
            int m = Math.min(BLOCK, n - done);
            System.arraycopy(x, xOff + done, xs, 0, m);
            for (int i = 0; i < m; i++) {
                e[i] = -Math.abs(xs[i]);
            }
            FloatExponential.exp(e, 0, 0f, e, 0, m);
            FloatExponential.signsAsOnes(xs, signs, m);
            for (int i = 0; i < m; i++) {
                e[i] = (signs[i] * e[i] + (1f - signs[i])) / (1f + e[i]);
            }
            if (kind == Kind.SILU) {
                for (int i = 0; i < m; i++) {
                    e[i] = xs[i] * e[i];
                }
            } else if (kind == Kind.SILU_BACKWARD) {
                System.arraycopy(dy, dyOff + done, signs, 0, m);
                for (int i = 0; i < m; i++) {
                    e[i] = signs[i] * e[i] * (1f + xs[i] * (1f - e[i]));
                }
            }
            System.arraycopy(e, 0, out, outOff + done, m);
        }
    }
}
