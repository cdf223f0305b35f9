package org.jitdispatch.kernels.ops;

/**
 * The natural logarithm of float32 elements in float32 arithmetic, for the JDKs before 21 ({@link
 * ScalarMath#log(float)} picks it there when {@link FloatExponential} has its blocks): FreeBSD's and musl's
 * {@code logf}, within an ulp. x's bits give {@code x = 2^k m} with m in [sqrt(1/2), sqrt(2)) (a subnormal x scaled
 * by 2^23 first), and with {@code f = m - 1}, {@code s = f / (2 + f)}: {@code log x = k ln 2 + f - f^2 / 2 + s
 * (f^2 / 2 + R(s^2))}. Zero gives -infinity, a negative x (or -NaN) NaN, +infinity and NaN themselves, each chosen
 * from the bits without a branch, so that a run is computed a block at a time in loops C2 vectorizes on JDK 17
 * (the bit steps through {@link FloatIntView}' int view of the scratch arrays), with the one-element
 * definition's operations in its order: the same bits.
 */
final class FloatLog {
    private static final float LG1 = 0.66666662693f;
    private static final float LG2 = 0.40000972152f;
    private static final float LG3 = 0.28498786688f;
    private static final float LG4 = 0.24279078841f;
    private static final float LN2_HI = 6.9313812256e-01f;
    private static final float LN2_LO = 9.0580006145e-06f;
    private static final float TWO_23 = 8388608f;
    /** 1.5 * 2^23: a float whose low bits hold a small integer k is k + this. */
    private static final float ROUNDER = 12582912f;
    private static final int BLOCK = FloatExponential.BLOCK;
    private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[4][BLOCK]);

    private FloatLog() {
    }

    /** log(x). */
    static float inFloat(float x) {
        int bits = Float.floatToRawIntBits(x);
        int scaledBits = Float.floatToRawIntBits(x * TWO_23);
        float m = Float.intBitsToFloat(mantissa(bits, scaledBits));
        float k = Float.intBitsToFloat(exponent(bits, scaledBits)) - ROUNDER;
        return Float.intBitsToFloat(special(bits, Float.floatToRawIntBits(formula(m, k))));
    }

    /** All ones where x (its bits) is below the smallest normal float, negative ones included; else 0. */
    private static int subnormalMask(int bits) {
        return (bits - 0x00800000) >> 31;
    }

    /** x's bits (x * 2^23's for a subnormal x) moved so that the exponent field rounds m to [sqrt(1/2), sqrt(2)). */
    private static int reduced(int bits, int scaledBits) {
        int mask = subnormalMask(bits);
        return ((scaledBits & mask) | (bits & ~mask)) + (0x3f800000 - 0x3f3504f3);
    }

    /** The bits of m in [sqrt(1/2), sqrt(2)). */
    private static int mantissa(int bits, int scaledBits) {
        return (reduced(bits, scaledBits) & 0x007fffff) + 0x3f3504f3;
    }

    /** The bits of {@code k + 1.5 * 2^23}, k the power of two (lowered by 23 for a subnormal x). */
    private static int exponent(int bits, int scaledBits) {
        int k = (reduced(bits, scaledBits) >> 23) - 0x7f + (subnormalMask(bits) & -23);
        return k + 0x4b400000;
    }

    /** log(2^k m) for m in [sqrt(1/2), sqrt(2)). */
    private static float formula(float m, float k) {
        float f = m - 1f;
        float s = f / (2f + f);
        float z = s * s;
        float w = z * z;
        float t1 = w * (LG2 + w * LG4);
        float t2 = z * (LG1 + w * LG3);
        float r = t2 + t1;
        float hfsq = 0.5f * f * f;
        return s * (hfsq + r) + k * LN2_LO - hfsq + f + k * LN2_HI;
    }

    /** The result's bits: the formula's, or x's own for +infinity and NaN, -infinity for a zero, NaN below zero. */
    private static int special(int bits, int valueBits) {
        int magnitude = bits & 0x7fffffff;
        int infOrNan = ~((magnitude - 0x7f800000) >> 31); // magnitude >= infinity's
        int zero = (magnitude - 1) >> 31;
        int negative = (bits >> 31) & ~zero;
        int r = (bits & infOrNan) | (valueBits & ~infOrNan);
        r = (0xff800000 & zero) | (r & ~zero);
        return (0x7fc00000 & negative) | (r & ~negative);
    }

    /**
     * {@code out[outOff + i] = inFloat(x[xOff + i])} for {@code i < n}; {@code out} may be {@code x} at the same
     * offset. Only with {@link FloatExponential#BLOCKS}.
     */
    static void run(float[] x, int xOff, float[] out, int outOff, int n) {
        float[][] scratch = SCRATCH.get();
        float[] xs = scratch[0];
        float[] scaled = scratch[1];
        float[] ms = scratch[2];
        float[] ks = scratch[3];
        for (int done = 0; done < n; done += BLOCK) {
            int count = Math.min(BLOCK, n - done);
            System.arraycopy(x, xOff + done, xs, 0, count);
            for (int i = 0; i < count; i++) {
                scaled[i] = xs[i] * TWO_23;
            }
            FloatIntView.checkLength(count, xs, scaled, ms, ks);
            for (int i = 0; i < count; i++) {
                int bits = FloatIntView.get(xs, i);
                int scaledBits = FloatIntView.get(scaled, i);
                FloatIntView.put(ms, i, mantissa(bits, scaledBits));
                FloatIntView.put(ks, i, exponent(bits, scaledBits));
            }
            for (int i = 0; i < count; i++) {
                ms[i] = formula(ms[i], ks[i] - ROUNDER);
            }
            for (int i = 0; i < count; i++) {
                FloatIntView.put(ms, i, special(FloatIntView.get(xs, i), FloatIntView.get(ms, i)));
            }
            System.arraycopy(ms, 0, out, outOff + done, count);
        }
    }
}
