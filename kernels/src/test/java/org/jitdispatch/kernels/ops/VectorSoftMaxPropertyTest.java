package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.cpu.FloatSoftMaxRow;
import org.jitdispatch.kernels.cpu.VectorKernels;
import org.jitdispatch.runtime.ScalarType;

/**
 * The Vector API's softmax and log_softmax row against the scalar row on the same random rows: lengths that
 * are not multiples of a vector, offsets, values of several scales that include NaN, infinities and both
 * zeros. The max is the same; each exponential is within an ulp and the sum is added in another order, so
 * every element must be within {@code 1e-5} relative (plus {@code 1e-6} absolute for probabilities,
 * {@code 1e-5} for log-probabilities) of the scalar row's, with NaN where it has NaN. Runs in the test JVM
 * with the vector module, where {@code Torch.softmax} of a last dim takes the vector row.
 */
class VectorSoftMaxPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final FloatSoftMaxRow VECTOR = VectorKernels.floatSoftMaxRow();
    private static final float[] SPECIAL = {Float.NaN, -0f, 0f, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};

    @Property(tries = 400)
    void rowsAgreeWithTheScalarRow(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int n = rnd.nextInt(300);
        int at = rnd.nextInt(9);
        int outAt = rnd.nextInt(9);
        boolean log = rnd.nextBoolean();
        float scale = new float[] {0.1f, 1f, 10f, 100f}[rnd.nextInt(4)];
        float[] x = new float[at + n + rnd.nextInt(9)];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextInt(60) == 0 ? SPECIAL[rnd.nextInt(SPECIAL.length)] : (float) rnd.nextGaussian() * scale;
        }
        float[] scalar = new float[outAt + n + rnd.nextInt(9)];
        float[] vector = scalar.clone();
        FloatSoftMax.forwardRow(x, at, scalar, outAt, n, log);
        VECTOR.forward(x, at, vector, outAt, n, log);
        for (int i = 0; i < scalar.length; i++) {
            float s = scalar[i];
            float v = vector[i];
            boolean close = Float.isNaN(s) ? Float.isNaN(v)
                    : s == v || Math.abs(s - v) <= (log ? 1e-5 : 1e-6) + 1e-5 * Math.abs(s);
            int index = i;
            assertTrue(close, () -> (log ? "log_softmax" : "softmax") + " of " + n + " at " + at + ", element "
                    + index + ": scalar " + s + ", vector " + v);
        }
    }

    @Property(tries = 50)
    void torchSoftmaxOfALastDimTakesTheVectorRow(@ForAll long seed) {
        assertNotNull(VECTOR, "this JVM must run with --add-modules jdk.incubator.vector");
        Random rnd = new Random(seed);
        int rows = 1 + rnd.nextInt(4);
        int n = 1 + rnd.nextInt(100);
        float[] x = new float[rows * n];
        for (int i = 0; i < x.length; i++) {
            x[i] = (float) rnd.nextGaussian() * 4;
        }
        Tensor t = Torch.tensor(x, rows, n);
        float[] got = Torch.softmax(t, -1).contiguous().storage().floats();
        float[] want = new float[x.length];
        for (int r = 0; r < rows; r++) {
            VECTOR.forward(x, r * n, want, r * n, n, false);
        }
        for (int i = 0; i < x.length; i++) {
            assertTrue(Float.floatToIntBits(want[i]) == Float.floatToIntBits(got[i]),
                    "element " + i + ": " + got[i] + " against the vector row's " + want[i]);
        }
        assertTrue(t.dtype() == ScalarType.Float32);
    }
}
