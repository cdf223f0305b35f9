package org.jitdispatch.kernels.ops;

/**
 * e^x of float32 elements in float32 arithmetic, for the JDKs before 21, whose C2 neither vectorizes a call of
 * {@code Math.exp} nor converts between float and double or int in vector registers, so that no loop of an
 * exponential vectorizes there ({@link ScalarMath#expRounded(float)} picks this one on those JDKs).
 *
 * <p>The method is Cephes' {@code expf}: {@code x = k ln 2 + r} with {@code k} the nearest integer to
 * {@code x / ln 2} (found by adding and subtracting 1.5 * 2^23, which rounds) and {@code r} reduced in two steps
 * (Cody and Waite: {@code k * 0.693359375} is exact), {@code e^r = 1 + r + r^2 P(r)} with Cephes' minimax
 * polynomial of degree 5, and the result scaled by {@code 2^k} as the product of two powers of two built from
 * the bits of {@code k}, so that values whose e^x is subnormal round once. Within one ulp of e^x for every
 * float (none of 300,000 samples over [-110, 95] is more than an ulp from {@code (float) Math.exp(x)}); x is
 * clamped to [-104, 89] first (e^x is +0 below, +infinity above); NaN stays NaN.
 *
 * <p>{@link #exp(float)} computes one element; {@link #exp(float[], int, float, float[], int, int)} computes a run
 * a block at a time, with the same operations in the same order and so the same bits, in loops C2 vectorizes on
 * JDK 17: each block is copied into per-thread scratch arrays (C2 will not pack loads and stores of one type at
 * offsets whose distance it does not know), and the bits of {@code k} are read from and written to the float
 * arrays through {@code sun.misc.Unsafe}'s {@code getInt}/{@code putInt}, which C2 vectorizes where it does not
 * vectorize {@code Float.floatToRawIntBits}. The scratch arrays are this class's only memory so accessed, every
 * index within them ({@link FloatIntView}). Where {@code sun.misc.Unsafe} is not reachable, {@link #BLOCKS} is false and
 * runs take the element loop.
 */
final class FloatExponential {
    /** Whether {@link #exp(float[], int, float, float[], int, int)} runs in blocks (else one element at a time). */
    static final boolean BLOCKS;
    private static final float LOG2E = 1.44269504088896341f;
    /** ln 2 in two parts, the first with few enough bits that {@code k} times it is exact. */
    private static final float LN2_HI = 0.693359375f;
    private static final float LN2_LO = -2.12194440e-4f;
    /** 1.5 * 2^23: adding it to a float of magnitude below 2^22 rounds it to an integer, held in its low bits. */
    private static final float ROUNDER = 12582912f;
    private static final int ROUNDER_BITS = Float.floatToRawIntBits(ROUNDER);
    private static final float LOWEST = -104f;
    private static final float HIGHEST = 89f;

    /** Elements per block: six scratch arrays of 1 KiB stay in the L1 cache. */
    static final int BLOCK = 256;
    private static final ThreadLocal<float[][]> SCRATCH = ThreadLocal.withInitial(() -> new float[5][BLOCK]);

    static {
        BLOCKS = Runtime.version().feature() < 21 && FloatIntView.AVAILABLE;
    }

    private FloatExponential() {
    }

    /** e^x, within an ulp. */
    static float exp(float x) {
        float clamped = Math.max(Math.min(x, HIGHEST), LOWEST);
        float rounded = clamped * LOG2E + ROUNDER;
        float k = rounded - ROUNDER;
        float r = (clamped - k * LN2_HI) - k * LN2_LO;
        int bits = Float.floatToRawIntBits(rounded) - ROUNDER_BITS;
        int half = bits >> 1;
        float first = Float.intBitsToFloat((half + 127) << 23);
        float second = Float.intBitsToFloat((bits - half + 127) << 23);
        return ((polynomial(r) * first) * second) + (clamped - clamped);
    }

    /** e^r for |r| <= ln 2 / 2: {@code 1 + r + r^2 P(r)}. */
    private static float polynomial(float r) {
        float p = 1.9875691500e-4f;
        p = p * r + 1.3981999507e-3f;
        p = p * r + 8.3334519073e-3f;
        p = p * r + 4.1665795894e-2f;
        p = p * r + 1.6666665459e-1f;
        p = p * r + 5.0000001201e-1f;
        return p * (r * r) + r + 1f;
    }

    /**
     * {@code out[outOff + i] = exp(x[xOff + i] - shift)} for {@code i < n}, each bit for bit {@link #exp(float)} of
     * the difference. {@code out} may be {@code x} at the same offset.
     */
    static void exp(float[] x, int xOff, float shift, float[] out, int outOff, int n) {
        if (!BLOCKS) {
            for (int i = 0; i < n; i++) {
                out[outOff + i] = exp(x[xOff + i] - shift);
            }
            return;
        }
        if (n < 0 || xOff < 0 || outOff < 0 || xOff > x.length - n || outOff > out.length - n) {
            throw new IndexOutOfBoundsException("exp of " + n + " elements from " + xOff + " into " + outOff);
        }
        float[][] scratch = SCRATCH.get();
        float[] clamped = scratch[0];
        float[] rounded = scratch[1];
        float[] reduced = scratch[2];
        float[] first = scratch[3];
        float[] second = scratch[4];
        for (int done = 0; done < n; done += BLOCK) {
            int m = Math.min(BLOCK, n - done);
            System.arraycopy(x, xOff + done, clamped, 0, m);
            for (int i = 0; i < m; i++) {
                float c = Math.max(Math.min(clamped[i] - shift, HIGHEST), LOWEST);
                float t = c * LOG2E + ROUNDER;
                float k = t - ROUNDER;
                clamped[i] = c;
                rounded[i] = t;
                reduced[i] = (c - k * LN2_HI) - k * LN2_LO;
            }
            powersOfTwo(rounded, first, second, m);
            for (int i = 0; i < m; i++) {
                float c = clamped[i];
                reduced[i] = ((polynomial(reduced[i]) * first[i]) * second[i]) + (c - c);
            }
            System.arraycopy(reduced, 0, out, outOff + done, m);
        }
    }

    /**
     * {@code magnitudes[i] = Math.copySign(magnitudes[i], signs[i])} for {@code i < m}, through the bits (C2 on
     * JDK 17 vectorizes neither {@code Math.copySign} nor {@code Float.floatToRawIntBits}). Only with {@link #BLOCKS}.
     */
    static void copySigns(float[] magnitudes, float[] signs, int m) {
        FloatIntView.checkLength(m, magnitudes, signs);
        for (int i = 0; i < m; i++) {
            FloatIntView.put(magnitudes, i, (FloatIntView.get(magnitudes, i) & 0x7fffffff) | (FloatIntView.get(signs, i) & 0x80000000));
        }
    }

    /**
     * {@code ones[i] = 1f} where {@code x[i]}'s sign bit is set (negative numbers, -0.0, NaN with the bit), else
     * {@code 0f}, for {@code i < m}, through the bits. Only with {@link #BLOCKS}.
     */
    static void signsAsOnes(float[] x, float[] ones, int m) {
        FloatIntView.checkLength(m, x, ones);
        for (int i = 0; i < m; i++) {
            FloatIntView.put(ones, i, (FloatIntView.get(x, i) >>> 31) * 0x3f800000);
        }
    }

    /**
     * {@code ones[i] = 1f} where the non-negative {@code a[i]} is below {@code limit} (a non-negative float), else
     * {@code 0f} (NaN included), for {@code i < m}: the bits of non-negative floats order as their values. Only with
     * {@link #BLOCKS}.
     */
    static void belowAsOnes(float[] a, float limit, float[] ones, int m) {
        FloatIntView.checkLength(m, a, ones);
        int limitBits = Float.floatToRawIntBits(limit);
        for (int i = 0; i < m; i++) {
            FloatIntView.put(ones, i, ((FloatIntView.get(a, i) - limitBits) >>> 31) * 0x3f800000);
        }
    }

    /**
     * From each {@code rounded[i]} (k + 1.5 * 2^23, k in [-150, 129]), {@code 2^(k >> 1)} into {@code first[i]} and
     * {@code 2^(k - (k >> 1))} into {@code second[i]}, both normal floats, written as bits. {@code m <= BLOCK}.
     */
    private static void powersOfTwo(float[] rounded, float[] first, float[] second, int m) {
        FloatIntView.checkLength(m, rounded, first, second);
        for (int i = 0; i < m; i++) {
            int bits = FloatIntView.get(rounded, i) - ROUNDER_BITS;
            int half = bits >> 1;
            FloatIntView.put(first, i, (half + 127) << 23);
            FloatIntView.put(second, i, (bits - half + 127) << 23);
        }
    }
}
