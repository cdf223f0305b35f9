package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.VectorKernels;

/**
 * max_pool2d's 2 x 2 windows of stride 2 along the row through the Vector API's rows
 * ({@code VectorFloatMaxPoolRows}, which {@code FloatMaxPool2d} takes in this JVM) against the scalar loop (the
 * float64 twin, {@code DoubleMaxPool2d}, on the same values widened) on random planes: row strides of 1 to 3,
 * rows shorter than a vector (pooled as a whole vector's windows when rows follow, whose outputs they overwrite
 * before those rows are pooled), of whole vectors and in between (whose last group overlaps), odd columns left
 * over, offsets, and values drawn from a handful of small integers (so that windows hold equal maxima), both
 * zeros, the infinities and NaN. The maxima must have the scalar loop's bits (the same zero, the same
 * element) and the indices must be equal. Runs in the test JVM with the vector module.
 */
class VectorMaxPoolPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final float[] SPECIAL = {Float.NaN, -0f, 0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};

    @Property(tries = 400)
    void twoByTwoWindowsHaveTheScalarLoopsResults(@ForAll long seed) {
        assertNotNull(VectorKernels.floatMaxPoolRows(), "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int planes = 1 + rnd.nextInt(3);
        int dH = 1 + rnd.nextInt(3);
        int outH = 1 + rnd.nextInt(5);
        int outW = 1 + rnd.nextInt(40);
        int inH = (outH - 1) * dH + 2 + rnd.nextInt(2);
        int inW = 2 * outW + rnd.nextInt(3);
        int inOff = rnd.nextInt(5);
        int outOff = rnd.nextInt(5);
        int specialOneIn = rnd.nextBoolean() ? 1000 : 1 + rnd.nextInt(12);
        float[] in = new float[inOff + planes * inH * inW];
        for (int i = 0; i < in.length; i++) {
            in[i] = rnd.nextInt(specialOneIn) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)]
                    : rnd.nextBoolean() ? rnd.nextInt(4) - 1 : (float) rnd.nextGaussian();
        }
        double[] widened = new double[in.length];
        for (int i = 0; i < in.length; i++) {
            widened[i] = in[i];
        }
        Pooling.Window w = new Pooling.Window();
        w.kH = 2;
        w.kW = 2;
        w.dH = dH;
        w.dW = 2;
        int n = planes * outH * outW;
        float[] out = new float[outOff + n];
        long[] indices = new long[outOff + n];
        double[] expected = new double[outOff + n];
        long[] expectedIndices = new long[outOff + n];
        FloatMaxPool2d.forward(in, inOff, out, outOff, indices, outOff, planes, inH, inW, outH, outW, w);
        DoubleMaxPool2d.forward(widened, inOff, expected, outOff, expectedIndices, outOff, planes, inH, inW, outH,
                outW, w);
        String shape = planes + " planes of " + inH + " x " + inW + " into " + outH + " x " + outW + ", row stride " + dH;
        assertArrayEquals(expectedIndices, indices, shape);
        for (int i = 0; i < out.length; i++) {
            int at = i;
            assertEquals(Float.floatToIntBits((float) expected[i]), Float.floatToIntBits(out[i]),
                    () -> shape + ": output " + at + " is " + out[at] + ", the scalar loop's " + expected[at]);
        }
    }
}
