package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** ScalarMath's branch-free selects against the plain expressions they stand for, on special and random values. */
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
}
