package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * clamp with Scalar bounds takes branch-free loops ({@link ClampForm}); each must give, bit for bit, ATen's
 * selects {@code t = x < min ? min : x; max < t ? max : t} (std::max, std::min), computed here element by element
 * in the loop's type. Values and bounds are drawn with zeros of both signs, NaN, infinities and subnormals
 * overrepresented; bounds may be missing, NaN or crossed (min above max); operands may be strided.
 */
class ClampFormsPropertyTest {
    private static final double[] SPECIAL = {0.0, -0.0, Double.NaN, Double.POSITIVE_INFINITY,
        Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, 1.0, -1.0, Float.MIN_VALUE, 0.5};

    @Property(tries = 2000)
    void everyFormGivesTheSelectsBits(@ForAll long seed) {
        Random r = new Random(seed);
        boolean floats = r.nextBoolean();
        int n = 1 + r.nextInt(70);
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            values[i] = draw(r);
        }
        Double min = r.nextInt(4) == 0 ? null : draw(r);
        Double max = min != null && r.nextInt(3) == 0 ? null : draw(r);
        Tensor x = Torch.tensor(values);
        if (floats) {
            x = x.to(ScalarType.Float32);
        }
        // stride 2 when strided: the general path's strided runs
        Tensor input = r.nextBoolean() ? Torch.stack(new Tensor[] {x, x}, 1).select(1, 0) : x;
        Tensor result = Torch.clamp(input, min == null ? null : Scalar.of(min), max == null ? null : Scalar.of(max));
        String what = "seed " + seed + ", min " + min + ", max " + max + (floats ? ", float32" : ", float64");
        for (int i = 0; i < n; i++) {
            double v = input.select(0, i).item().toDouble();
            if (floats) {
                float expected = selects((float) v, min, max);
                float actual = (float) result.select(0, i).item().toDouble();
                assertEquals(Float.floatToRawIntBits(expected) | (expected != expected ? -1 : 0),
                        Float.floatToRawIntBits(actual) | (actual != actual ? -1 : 0), what + ", x " + v);
            } else {
                double expected = selects(v, min, max);
                double actual = result.select(0, i).item().toDouble();
                assertEquals(Double.doubleToRawLongBits(expected) | (expected != expected ? -1 : 0),
                        Double.doubleToRawLongBits(actual) | (actual != actual ? -1 : 0), what + ", x " + v);
            }
        }
    }

    private static double draw(Random r) {
        if (r.nextInt(3) == 0) {
            return SPECIAL[r.nextInt(SPECIAL.length)];
        }
        return r.nextGaussian() * (r.nextBoolean() ? 1 : 1e-40);
    }

    /** ATen's clamp: both bounds NaN-checked before the loop (a NaN bound then fills NaN), else std::max/min. */
    private static double selects(double x, Double min, Double max) {
        if (min != null && max != null && (min.isNaN() || max.isNaN())) {
            return Double.NaN;
        }
        double t = min != null && x < min ? min : x;
        return max != null && max < t ? max : t;
    }

    private static float selects(float x, Double min, Double max) {
        if (min != null && max != null && (min.isNaN() || max.isNaN())) {
            return Float.NaN;
        }
        float lo = min == null ? 0 : (float) (double) min;
        float hi = max == null ? 0 : (float) (double) max;
        float t = min != null && x < lo ? lo : x;
        return max != null && hi < t ? hi : t;
    }
}
