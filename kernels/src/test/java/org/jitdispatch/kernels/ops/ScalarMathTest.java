package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * ScalarMath's branch-free selects and relu against the plain expressions they stand for, on special and random
 * values.
 */
class ScalarMathTest {
    private static final float[] FLOATS = {0f, -0f, 1f, -1f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
        -Float.MIN_NORMAL, Float.MAX_VALUE, -Float.MAX_VALUE, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.NaN, Float.intBitsToFloat(0xffc00000), Float.intBitsToFloat(0x7f800001), Float.intBitsToFloat(0xffffffff),
        0.5f, -0.5f, 3.25f, -3.25f, 1e-40f, -1e-40f};
    private static final double[] DOUBLES = {0.0, -0.0, 1.0, -1.0, Double.MIN_VALUE, -Double.MIN_VALUE,
        Double.MIN_NORMAL, -Double.MIN_NORMAL, Double.MAX_VALUE, -Double.MAX_VALUE, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.NaN, Double.longBitsToDouble(0xfff8000000000000L),
        Double.longBitsToDouble(0x7ff0000000000001L), Double.longBitsToDouble(0xffffffffffffffffL), 0.5, -0.5, 3.25,
        -3.25, 1e-310, -1e-310};

    @Test
    void zeroIfAtMostIsTheSelectInFloat() {
        Random rnd = new Random(3);
        float[] values = new float[FLOATS.length + 200];
        System.arraycopy(FLOATS, 0, values, 0, FLOATS.length);
        for (int i = FLOATS.length; i < values.length; i++) {
            values[i] = i % 2 == 0 ? (float) rnd.nextGaussian() : Float.intBitsToFloat(rnd.nextInt());
        }
        for (float self : values) {
            for (float threshold : values) {
                for (float value : new float[] {2.5f, -0f, Float.NaN, Float.NEGATIVE_INFINITY}) {
                    float expected = self <= threshold ? 0 : value;
                    assertEquals(Float.floatToRawIntBits(expected),
                            Float.floatToRawIntBits(ScalarMath.zeroIfAtMost(self, threshold, value)),
                            () -> self + " <= " + threshold + " ? 0 : " + value);
                }
            }
        }
    }

    @Test
    void zeroIfAtMostIsTheSelectInDouble() {
        Random rnd = new Random(4);
        double[] values = new double[DOUBLES.length + 200];
        System.arraycopy(DOUBLES, 0, values, 0, DOUBLES.length);
        for (int i = DOUBLES.length; i < values.length; i++) {
            values[i] = i % 2 == 0 ? rnd.nextGaussian() : Double.longBitsToDouble(rnd.nextLong());
        }
        for (double self : values) {
            for (double threshold : values) {
                for (double value : new double[] {2.5, -0.0, Double.NaN, Double.NEGATIVE_INFINITY}) {
                    double expected = self <= threshold ? 0 : value;
                    assertEquals(Double.doubleToRawLongBits(expected),
                            Double.doubleToRawLongBits(ScalarMath.zeroIfAtMost(self, threshold, value)),
                            () -> self + " <= " + threshold + " ? 0 : " + value);
                }
            }
        }
    }

    @Test
    void zeroIfAtMostZeroIsTheSelectOnASweepOfEveryExponent() {
        for (long bits = Integer.MIN_VALUE; bits <= Integer.MAX_VALUE; bits += 4_099) {
            float self = Float.intBitsToFloat((int) bits);
            for (float value : new float[] {2.5f, -0f, Float.NaN}) {
                assertEquals(Float.floatToRawIntBits(self <= 0f ? 0f : value),
                        Float.floatToRawIntBits(ScalarMath.zeroIfAtMost(self, 0f, value)), () -> self + " <= 0 ? 0 : " + value);
            }
        }
        Random rnd = new Random(6);
        for (int i = 0; i < 1_000_000; i++) {
            double self = Double.longBitsToDouble(rnd.nextLong());
            assertEquals(Double.doubleToRawLongBits(self <= 0.0 ? 0.0 : -2.5),
                    Double.doubleToRawLongBits(ScalarMath.zeroIfAtMost(self, 0.0, -2.5)), () -> self + " <= 0 ? 0 : -2.5");
        }
    }

    @Test
    void reluKeepsTheSignOfZeroAndNanInFloat() {
        // every 4,099th bit pattern (about a million, every exponent and both signs) and the special values
        for (long bits = Integer.MIN_VALUE; bits <= Integer.MAX_VALUE; bits += 4_099) {
            assertRelu(Float.intBitsToFloat((int) bits));
        }
        for (float v : FLOATS) {
            assertRelu(v);
            assertRelu(Math.nextUp(v));
            assertRelu(Math.nextDown(v));
        }
    }

    @Test
    void reluKeepsTheSignOfZeroAndNanInDouble() {
        Random rnd = new Random(5);
        for (int i = 0; i < 1_000_000; i++) {
            assertRelu(Double.longBitsToDouble(rnd.nextLong()));
        }
        for (double v : DOUBLES) {
            assertRelu(v);
            assertRelu(Math.nextUp(v));
            assertRelu(Math.nextDown(v));
        }
    }

    private static void assertRelu(float v) {
        float expected = v == 0 ? v : Math.max(v, 0f);
        float actual = ScalarMath.relu(v);
        if (Float.isNaN(expected)) {
            assertEquals(Float.floatToRawIntBits(v) < 0, Float.floatToRawIntBits(actual) < 0, () -> "sign of relu(" + v + ")");
            assertEquals(true, Float.isNaN(actual), () -> "relu(" + v + ")");
        } else {
            assertEquals(Float.floatToRawIntBits(expected), Float.floatToRawIntBits(actual), () -> "relu(" + v + ")");
        }
    }

    private static void assertRelu(double v) {
        double expected = v == 0 ? v : Math.max(v, 0.0);
        double actual = ScalarMath.relu(v);
        if (Double.isNaN(expected)) {
            assertEquals(Double.doubleToRawLongBits(v) < 0, Double.doubleToRawLongBits(actual) < 0,
                    () -> "sign of relu(" + v + ")");
            assertEquals(true, Double.isNaN(actual), () -> "relu(" + v + ")");
        } else {
            assertEquals(Double.doubleToRawLongBits(expected), Double.doubleToRawLongBits(actual), () -> "relu(" + v + ")");
        }
    }

    @Test
    void log2IsExactAtPowersOfTwoAndCloseElsewhere() {
        for (int e = -1074; e <= 1023; e++) {
            double x = Math.scalb(1.0, e);
            org.junit.jupiter.api.Assertions.assertEquals(e, ScalarMath.log2(x), 0.0, "2^" + e);
        }
        java.util.Random rnd = new java.util.Random(7);
        for (int i = 0; i < 100_000; i++) {
            double x = Math.exp(rnd.nextDouble() * 1400 - 700);
            double want = Math.log(x) / Math.log(2);
            org.junit.jupiter.api.Assertions.assertEquals(want, ScalarMath.log2(x), 4 * Math.ulp(want) + 1e-300, "" + x);
        }
        org.junit.jupiter.api.Assertions.assertEquals(Double.NEGATIVE_INFINITY, ScalarMath.log2(0.0));
        org.junit.jupiter.api.Assertions.assertEquals(Double.POSITIVE_INFINITY, ScalarMath.log2(Double.POSITIVE_INFINITY));
        org.junit.jupiter.api.Assertions.assertTrue(Double.isNaN(ScalarMath.log2(-1.0)));
        org.junit.jupiter.api.Assertions.assertTrue(Double.isNaN(ScalarMath.log2(Double.NaN)));
    }

    /**
     * The float tanh's double formula against {@code (float) Math.tanh} on every 61st float of both signs (about 70
     * million) and the special values: the same sign (zeros included) and NaN-ness, at most one ulp apart, and that
     * rarely. The float32 formula of JDKs before 21 ({@link FloatTanh}) on the same floats: the same sign and
     * NaN-ness, within two ulps.
     */
    @Test
    void floatTanhIsMathTanhRoundedButForRareMidpoints() {
        for (float x : FLOATS) {
            float expected = (float) Math.tanh(x);
            assertEquals(Float.floatToIntBits(expected), Float.floatToIntBits(ScalarMath.tanhInDouble(x)),
                    "tanh(" + x + ")");
            float inFloat = FloatTanh.inFloat(x);
            assertEquals(Float.isNaN(expected), Float.isNaN(inFloat), "tanh(" + x + ")");
            org.junit.jupiter.api.Assertions.assertTrue(Float.isNaN(expected)
                    || Math.abs((long) Float.floatToIntBits(expected) - Float.floatToIntBits(inFloat)) <= 2,
                    "float32 tanh(" + x + ") = " + inFloat);
        }
        long apart = 0;
        long worstInFloat = 0;
        for (int bits = 0; bits >= 0 && bits <= 0x7f800000; bits += 61) {
            for (float x : new float[] {Float.intBitsToFloat(bits), -Float.intBitsToFloat(bits)}) {
                int expected = Float.floatToIntBits((float) Math.tanh(x));
                int actual = Float.floatToIntBits(ScalarMath.tanhInDouble(x));
                if (expected != actual) {
                    org.junit.jupiter.api.Assertions.assertEquals(1, Math.abs((long) expected - actual), "tanh(" + x + ")");
                    apart++;
                }
                worstInFloat = Math.max(worstInFloat, Math.abs((long) expected - Float.floatToIntBits(FloatTanh.inFloat(x))));
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(apart <= 20, apart + " floats one ulp apart");
        org.junit.jupiter.api.Assertions.assertTrue(worstInFloat <= 2, "float32 tanh " + worstInFloat + " ulps apart");
        assertEquals(Math.tanh(0.3), ScalarMath.tanh(0.3)); // float64 stays Math.tanh
    }

    /**
     * The float exponential by squaring against {@code (float) Math.exp} on every 61st float of both signs (about 70 million)
     * and the special values: the same float (NaN-ness, zeros, infinities and subnormal results included), at most
     * one ulp apart next to a rounding midpoint, and that rarely.
     */
    @Test
    void floatExpBySquaringIsMathExpRoundedButForRareMidpoints() {
        for (float x : FLOATS) {
            assertEquals(Float.floatToIntBits((float) Math.exp(x)), Float.floatToIntBits((float) ScalarMath.expBySquaring(x)),
                    "exp(" + x + ")");
        }
        for (float x : new float[] {88.72283f, 88.72284f, -87.33655f, -103.27893f, -103.97208f, -103.97209f, -104f,
            -1e30f, 1e30f, 709f, 710f}) {
            assertEquals((float) Math.exp(x), (float) ScalarMath.expBySquaring(x), "exp(" + x + ")");
        }
        long apart = 0;
        for (int bits = 0; bits >= 0 && bits <= 0x7f800000; bits += 61) {
            for (float x : new float[] {Float.intBitsToFloat(bits), -Float.intBitsToFloat(bits)}) {
                int expected = Float.floatToIntBits((float) Math.exp(x));
                int actual = Float.floatToIntBits((float) ScalarMath.expBySquaring(x));
                if (expected != actual) {
                    assertEquals(1, Math.abs((long) expected - actual), "exp(" + x + ")");
                    apart++;
                }
            }
        }
        org.junit.jupiter.api.Assertions.assertTrue(apart <= 20, apart + " floats one ulp apart");
        assertEquals(Math.exp(0.3), ScalarMath.exp(0.3)); // float64 stays Math.exp
        assertEquals(Runtime.version().feature() >= 21 ? ScalarMath.expBySquaring(0.3f) : Math.exp(0.3f),
                ScalarMath.exp(0.3f));
    }

    @Test
    void widenedZerosAreSignlessOnlyWhereNoResultTellsThemApart() {
        // widen turns -0.0 into +0.0 on JDK 17: its users give both zeros one result, and tanh keeps -0.0's sign
        assertEquals(1.0, ScalarMath.exp(-0f));
        assertEquals(Double.NEGATIVE_INFINITY, Math.log(ScalarMath.widen(-0f)));
        assertEquals(1.0, Math.cos(ScalarMath.widen(-0f)));
        assertEquals(Float.floatToRawIntBits(-0f), Float.floatToRawIntBits(ScalarMath.tanh(-0f)));
        assertEquals(Float.floatToRawIntBits(-1f), Float.floatToRawIntBits(ScalarMath.tanh(-30f)));
        assertEquals((float) Math.tanh(-0.75), ScalarMath.tanh(-0.75f), Math.ulp(0.64f));
        assertEquals(Double.doubleToRawLongBits(-0.0), Double.doubleToRawLongBits(ScalarMath.widen(-0.0)));
        org.jitdispatch.Tensor zeros = org.jitdispatch.Torch.tensor(new float[] {-0f, 0f});
        org.junit.jupiter.api.Assertions.assertArrayEquals(new float[] {-0f, 0f}, zeros.tanh().toFloatArray());
    }
}
