package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.FloatActivationLoops;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.kernels.generated.UfuncLoops;

/**
 * The Vector API's relu and threshold_backward against the generated scalar loops on the same random runs:
 * lengths that are not multiples of a vector, random offsets, values that include NaN, infinities, both
 * zeros and the threshold itself, thresholds that include NaN and -0.0, and outputs written in place. The
 * tolerance is none: the same bits. Runs in the test JVM with the vector module.
 */
class VectorActivationsPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final FloatActivationLoops VECTOR = VectorKernels.floatActivationLoops();
    private static final float[] SPECIAL = {Float.NaN, -0f, 0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.MIN_VALUE, -Float.MIN_VALUE, 1f, -1f, 0.5f};

    @Property(tries = 300)
    void reluHasTheScalarLoopsBits(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = rnd.nextInt(200);
        int xOff = rnd.nextInt(9);
        float[] x = values(rnd, xOff + n + rnd.nextInt(9), 0.5f);
        boolean inPlace = rnd.nextBoolean();
        int outOff = inPlace ? xOff : rnd.nextInt(9);
        float[] scalar = inPlace ? x.clone() : values(rnd, outOff + n + rnd.nextInt(9), 0.5f);
        float[] vector = scalar.clone();
        UfuncLoops.relu_Float32(scalar, outOff, inPlace ? scalar : x, xOff, n);
        VECTOR.relu(vector, outOff, inPlace ? vector : x, xOff, n);
        assertArrayEquals(scalar, vector, () -> "n " + n + ", offsets " + xOff + " and " + outOff);
    }

    @Property(tries = 300)
    void thresholdBackwardHasTheScalarLoopsBits(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = rnd.nextInt(200);
        float threshold = rnd.nextInt(4) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)] : (float) rnd.nextGaussian();
        int gOff = rnd.nextInt(9);
        int sOff = rnd.nextInt(9);
        float[] grad = values(rnd, gOff + n + rnd.nextInt(9), threshold);
        float[] self = values(rnd, sOff + n + rnd.nextInt(9), threshold);
        int into = rnd.nextInt(3); // a new array, the gradient's or self's
        int outOff = into == 0 ? rnd.nextInt(9) : into == 1 ? gOff : sOff;
        float[] scalarOut = into == 0 ? values(rnd, outOff + n + rnd.nextInt(9), threshold) : null;
        float[] scalarGrad = grad.clone();
        float[] scalarSelf = self.clone();
        float[] vectorGrad = grad.clone();
        float[] vectorSelf = self.clone();
        float[] s = into == 0 ? scalarOut : into == 1 ? scalarGrad : scalarSelf;
        float[] v = into == 0 ? scalarOut.clone() : into == 1 ? vectorGrad : vectorSelf;
        UfuncLoops.threshold_backward_Float32(s, outOff, scalarGrad, gOff, scalarSelf, sOff, n, threshold);
        VECTOR.thresholdBackward(v, outOff, vectorGrad, gOff, vectorSelf, sOff, n, threshold);
        assertArrayEquals(s, v, () -> "n " + n + ", threshold " + threshold + ", into " + into);
    }

    /** Gaussians, with one in four a special value or the threshold itself. */
    private static float[] values(Random rnd, int length, float threshold) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            int kind = rnd.nextInt(8);
            v[i] = kind == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)]
                    : kind == 1 ? threshold : (float) rnd.nextGaussian();
        }
        return v;
    }
}
