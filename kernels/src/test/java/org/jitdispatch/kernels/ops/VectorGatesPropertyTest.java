package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.FloatGateLoops;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.runtime.Scalar;

/**
 * The Vector API's sigmoid and tanh (float lanes) against the generated scalar loops (double arithmetic rounded
 * once from JDK 21, float32 arithmetic before: FloatSigmoid, FloatTanh) on the same random runs: lengths that are not multiples of a vector, random offsets, outputs written in
 * place, values that include NaN, infinities, both zeros, subnormals and magnitudes where the functions saturate or
 * underflow. Each element has the scalar loop's sign and NaN-ness and is within {@link #SIGMOID_ULPS} (sigmoid) or
 * one (tanh) float ulp of it; over four million elements the mean distance is below a third of an ulp for sigmoid
 * and nearly zero for tanh against the double formula. Runs in the test JVM with the vector module.
 */
class VectorGatesPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final FloatGateLoops VECTOR = VectorKernels.floatGateLoops();
    private static final float[] SPECIAL = {Float.NaN, -0f, 0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL, 1e-30f, -1e-30f, 1e-4f, 9f, -9f, 20f, -20f, 88f, -88f,
        95f, -95f, 104f, -104f, 200f, -200f, Float.MAX_VALUE, -Float.MAX_VALUE};

    /** The exponential's ulp, then the sum's and the quotient's roundings (ATen's vectorized float sigmoid has the same). */
    static final int SIGMOID_ULPS = 3;

    @Property(tries = 300)
    void sigmoidIsWithinThreeUlpsOfTheScalarLoop(@ForAll long seed) {
        check(seed, false);
    }

    @Property(tries = 300)
    void tanhIsWithinOneUlpOfTheScalarLoop(@ForAll long seed) {
        check(seed, true);
    }

    @Example
    void onAverageTheyAreWithinAFractionOfAnUlp() {
        Random rnd = new Random(42);
        int n = 1 << 22;
        float[] x = new float[n];
        for (int i = 0; i < n; i++) {
            double scale = i % 4 == 0 ? 0.01 : i % 4 == 1 ? 40 : 4;
            x[i] = (float) (rnd.nextGaussian() * scale);
        }
        for (boolean tanh : new boolean[] {false, true}) {
            float[] scalar = new float[n];
            float[] vector = new float[n];
            if (tanh) {
                // the double formula the vector lanes follow (JDK 17's generated loop computes tanh in float32 now)
                for (int i = 0; i < n; i++) {
                    scalar[i] = ScalarMath.tanhInDouble(x[i]);
                }
                VECTOR.tanh(vector, 0, x, 0, n);
            } else {
                UfuncLoops.sigmoid_Float32(scalar, 0, x, 0, n);
                VECTOR.sigmoid(vector, 0, x, 0, n);
            }
            long ulps = 0;
            for (int i = 0; i < n; i++) {
                ulps += Math.abs((long) Float.floatToIntBits(scalar[i]) - Float.floatToIntBits(vector[i]));
            }
            double mean = (double) ulps / n;
            assertTrue(mean < (tanh ? 0.01 : 0.4), (tanh ? "tanh" : "sigmoid") + ": mean distance " + mean + " ulps");
        }
    }

    /** Through the operators: a contiguous float32 input takes the vector loop, a transposed one TensorIterator's. */
    @Example
    void theFastPathAgreesWithTheGeneralPath() {
        Torch.manual_seed(3);
        Tensor x = Torch.randn(64, 48).mul(Scalar.of(6.0));
        Tensor xt = x.t().contiguous().t(); // the same values, column-major: the general path
        for (boolean tanh : new boolean[] {false, true}) {
            float[] fast = (tanh ? Torch.tanh(x) : Torch.sigmoid(x)).contiguous().toFloatArray();
            float[] general = (tanh ? Torch.tanh(xt) : Torch.sigmoid(xt)).contiguous().toFloatArray();
            for (int i = 0; i < fast.length; i++) {
                assertTrue(ulpsApart(general[i], fast[i]) <= (tanh ? 1 : SIGMOID_ULPS),
                        (tanh ? "tanh" : "sigmoid") + ", element " + i + ": " + general[i] + " and " + fast[i]);
            }
        }
    }

    private static void check(long seed, boolean tanh) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = rnd.nextInt(200);
        int xOff = rnd.nextInt(9);
        float[] x = values(rnd, xOff + n + rnd.nextInt(9));
        boolean inPlace = rnd.nextBoolean();
        int outOff = inPlace ? xOff : rnd.nextInt(9);
        float[] scalar = inPlace ? x.clone() : new float[outOff + n + rnd.nextInt(9)];
        float[] vector = scalar.clone();
        float[] scalarIn = inPlace ? scalar : x;
        float[] vectorIn = inPlace ? vector : x;
        if (tanh) {
            UfuncLoops.tanh_Float32(scalar, outOff, scalarIn, xOff, n);
            VECTOR.tanh(vector, outOff, vectorIn, xOff, n);
        } else {
            UfuncLoops.sigmoid_Float32(scalar, outOff, scalarIn, xOff, n);
            VECTOR.sigmoid(vector, outOff, vectorIn, xOff, n);
        }
        for (int i = 0; i < scalar.length; i++) {
            float s = scalar[i];
            float v = vector[i];
            if (Float.floatToIntBits(s) == Float.floatToIntBits(v)) {
                continue;
            }
            String where = (tanh ? "tanh" : "sigmoid") + ", n " + n + ", element " + i + ": " + s + " and " + v;
            assertEquals(Float.isNaN(s), Float.isNaN(v), where);
            if (!Float.isNaN(s)) {
                assertEquals(Math.copySign(1f, s), Math.copySign(1f, v), where);
                assertTrue(ulpsApart(s, v) <= (tanh ? 1 : SIGMOID_ULPS), where);
            }
        }
    }

    /** How many floats apart two finite floats of the same sign are. */
    private static long ulpsApart(float a, float b) {
        return Math.abs((long) Float.floatToIntBits(a) - Float.floatToIntBits(b));
    }

    /** Gaussians of a random scale, with one in four a special value. */
    private static float[] values(Random rnd, int length) {
        float[] v = new float[length];
        double scale = Math.pow(10, rnd.nextInt(5) - 2);
        for (int i = 0; i < length; i++) {
            v[i] = rnd.nextInt(4) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)] : (float) (rnd.nextGaussian() * scale);
        }
        return v;
    }
}
