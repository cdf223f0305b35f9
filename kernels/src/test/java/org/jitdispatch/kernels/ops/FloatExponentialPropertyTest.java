package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/**
 * {@link FloatExponential}'s blocks against its one-element definition on the same random runs (lengths across
 * block boundaries, offsets, a shift, in place, NaN, infinities, signed zeros, values whose e^x overflows or is
 * subnormal): the same bits. And the definition against {@code Math.exp}: within one float ulp over a sweep of
 * [-110, 95] and at the special values, where an exponential a few ulps off is caught.
 */
class FloatExponentialPropertyTest {

    @Property(tries = 300)
    void blocksGiveTheDefinitionsBits(@ForAll long seed) {
        Random rnd = new Random(seed);
        int n = rnd.nextInt(4) == 0 ? rnd.nextInt(20) : rnd.nextInt(4 * FloatExponential.BLOCK);
        int xOff = rnd.nextInt(5);
        int outOff = rnd.nextInt(5);
        float[] x = new float[xOff + n + rnd.nextInt(3)];
        for (int i = 0; i < x.length; i++) {
            int r = rnd.nextInt(30);
            x[i] = r == 0 ? Float.NaN : r == 1 ? Float.POSITIVE_INFINITY : r == 2 ? Float.NEGATIVE_INFINITY
                    : r == 3 ? -0f : r == 4 ? 0f : (float) (rnd.nextGaussian() * 60);
        }
        float shift = rnd.nextBoolean() ? 0f : (float) rnd.nextGaussian() * 10;
        boolean inPlace = rnd.nextInt(4) == 0;
        float[] out = inPlace ? x.clone() : new float[outOff + n + 2];
        int at = inPlace ? xOff : outOff;
        float[] before = out.clone();
        FloatExponential.exp(inPlace ? out : x, xOff, shift, out, at, n);
        for (int i = 0; i < out.length; i++) {
            int k = i - at;
            float expected = k >= 0 && k < n ? FloatExponential.exp(x[xOff + k] - shift) : before[i];
            int index = i;
            assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(out[i]),
                    () -> "n " + n + ", element " + index + " of x " + (index - at + xOff) + ", shift " + shift);
        }
    }

    @Test
    void theDefinitionIsWithinAnUlpOfMathExp() {
        assertEquals(0, worstCase(FloatExponential::exp) > 1 ? 1 : 0, "ulps from (float) Math.exp");
        assertTrue(Float.isNaN(FloatExponential.exp(Float.NaN)));
        assertEquals(Float.POSITIVE_INFINITY, FloatExponential.exp(Float.POSITIVE_INFINITY));
        assertEquals(Float.POSITIVE_INFINITY, FloatExponential.exp(89f));
        assertEquals(0f, FloatExponential.exp(Float.NEGATIVE_INFINITY));
        assertEquals(0f, FloatExponential.exp(-200f));
        assertEquals(1f, FloatExponential.exp(0f));
        assertEquals(1f, FloatExponential.exp(-0f));
        assertEquals(Float.MIN_VALUE, FloatExponential.exp(-103.9f));
        assertEquals((float) Math.exp(88.72283f), FloatExponential.exp(88.72283f), Math.ulp(3.4e38f));
    }

    /**
     * The float32 sigmoid built on it ({@link FloatSigmoid#inFloat}) is within two ulps of sigmoid in double over
     * [-110, 95], subnormal results included, and the runs give the one-element sigmoid's bits (the float32 one in
     * blocks before JDK 21, the double one after).
     */
    @Test
    void theFloatSigmoidIsWithinTwoUlps() {
        long worst = 0;
        float[] x = new float[300_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = -110f + i * 0.00068f;
            float expected = (float) (1.0 / (1.0 + Math.exp(-(double) x[i])));
            long d = Math.abs((long) Float.floatToIntBits(FloatSigmoid.inFloat(x[i])) - Float.floatToIntBits(expected));
            worst = Math.max(worst, d);
        }
        assertTrue(worst <= 2, worst + " ulps");
        float[] out = new float[x.length];
        FloatSigmoid.run(x, 0, out, 0, x.length);
        for (int i = 0; i < x.length; i++) {
            int at = i;
            assertEquals(Float.floatToIntBits(ScalarMath.sigmoid(x[i])), Float.floatToIntBits(out[i]), () -> "x " + x[at]);
        }
        assertEquals(0.5f, FloatSigmoid.inFloat(-0f));
        assertEquals(1f, FloatSigmoid.inFloat(Float.POSITIVE_INFINITY));
        assertEquals(0f, FloatSigmoid.inFloat(Float.NEGATIVE_INFINITY));
        assertTrue(Float.isNaN(FloatSigmoid.inFloat(Float.NaN)));
    }

    /** The float32 tanh ({@link FloatTanh}) is within two ulps of tanh over [-20, 20], and its blocks give its bits. */
    @Test
    void theFloatTanhIsWithinTwoUlps() {
        long worst = 0;
        float worstAt = 0;
        float[] x = new float[400_000];
        for (int i = 0; i < x.length; i++) {
            x[i] = i % 2 == 0 ? -20f + i * 1e-4f : (float) Math.scalb(1.0 + i * 1e-6, -(i % 40));
            long d = Math.abs((long) Float.floatToIntBits(FloatTanh.inFloat(x[i]))
                    - Float.floatToIntBits((float) Math.tanh(x[i])));
            if (d > worst) {
                worst = d;
                worstAt = x[i];
            }
        }
        assertTrue(worst <= 2, worst + " ulps at " + worstAt);
        if (FloatExponential.BLOCKS) {
            float[] out = new float[x.length];
            FloatTanh.run(x, 0, out, 0, x.length);
            for (int i = 0; i < x.length; i++) {
                int at = i;
                assertEquals(Float.floatToIntBits(FloatTanh.inFloat(x[i])), Float.floatToIntBits(out[i]),
                        () -> "x " + x[at]);
            }
        }
        assertEquals(Float.floatToIntBits(-0f), Float.floatToIntBits(FloatTanh.inFloat(-0f)));
        assertEquals(1f, FloatTanh.inFloat(Float.POSITIVE_INFINITY));
        assertEquals(-1f, FloatTanh.inFloat(Float.NEGATIVE_INFINITY));
        assertTrue(Float.isNaN(FloatTanh.inFloat(Float.NaN)));
    }

    /**
     * The float32 logarithm ({@link FloatLog}) is within an ulp of {@code (float) Math.log} on every 61st positive
     * float (subnormals included), gives -infinity at both zeros, NaN below zero and for NaN, +infinity at +infinity,
     * and its blocks give its bits.
     */
    @Test
    void theFloatLogIsWithinAnUlp() {
        long worst = 0;
        float worstAt = 0;
        int count = 0;
        float[] sample = new float[(0x7f800000 / 61) / 97 + 1];
        for (int bits = 1; bits > 0 && bits < 0x7f800000; bits += 61) {
            float x = Float.intBitsToFloat(bits);
            long d = Math.abs((long) Float.floatToIntBits(FloatLog.inFloat(x)) - Float.floatToIntBits((float) Math.log(x)));
            if (d > worst) {
                worst = d;
                worstAt = x;
            }
            if (count % 97 == 0 && count / 97 < sample.length) {
                sample[count / 97] = x;
            }
            count++;
        }
        assertTrue(worst <= 1, worst + " ulps at " + worstAt);
        assertEquals(Float.NEGATIVE_INFINITY, FloatLog.inFloat(0f));
        assertEquals(Float.NEGATIVE_INFINITY, FloatLog.inFloat(-0f));
        assertTrue(Float.isNaN(FloatLog.inFloat(-1f)));
        assertTrue(Float.isNaN(FloatLog.inFloat(Float.NEGATIVE_INFINITY)));
        assertTrue(Float.isNaN(FloatLog.inFloat(Float.NaN)));
        assertEquals(Float.POSITIVE_INFINITY, FloatLog.inFloat(Float.POSITIVE_INFINITY));
        assertEquals(0f, FloatLog.inFloat(1f));
        if (FloatExponential.BLOCKS) {
            float[] x = java.util.Arrays.copyOf(sample, sample.length + 6);
            x[sample.length] = 0f;
            x[sample.length + 1] = -0f;
            x[sample.length + 2] = -3f;
            x[sample.length + 3] = Float.NaN;
            x[sample.length + 4] = Float.POSITIVE_INFINITY;
            x[sample.length + 5] = Float.MIN_VALUE;
            float[] out = new float[x.length];
            FloatLog.run(x, 0, out, 0, x.length);
            for (int i = 0; i < x.length; i++) {
                int at = i;
                assertEquals(Float.floatToIntBits(FloatLog.inFloat(x[i])), Float.floatToIntBits(out[i]), () -> "x " + x[at]);
            }
        }
    }

    /** The negative control: the sweep catches an exponential a few ulps off (a relative error of 5e-7). */
    @Test
    void theSweepCatchesALesserExponential() {
        assertTrue(worstCase(x -> (float) (Math.exp(x) * (1 + 5e-7))) > 1);
    }

    private interface FloatFunction {
        float apply(float x);
    }

    /** The largest distance in ulps from {@code (float) Math.exp(x)} over [-110, 95], 300,000 points. */
    private static long worstCase(FloatFunction f) {
        long worst = 0;
        for (int i = 0; i < 300_000; i++) {
            float x = -110f + i * 0.00068f;
            long d = Math.abs((long) Float.floatToIntBits(f.apply(x)) - Float.floatToIntBits((float) Math.exp(x)));
            worst = Math.max(worst, d);
        }
        return worst;
    }
}
