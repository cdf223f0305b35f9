package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.generated.UfuncLoops;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/**
 * relu's gradient in superword-friendly arithmetic ({@link FloatReluGradient}) against the generated select
 * ({@code UfuncLoops.threshold_backward_Float32}) on the same random runs, bit for bit: lengths across several
 * scanned blocks, a shared offset, ordinary values with zeros of both signs, subnormals and, in some runs, NaN
 * and infinities in either operand (the blocks that hold them take the select); into a fresh array and in place
 * over either input.
 */
class FloatReluGradientPropertyTest {
    static {
        AtenLibrary.load();
    }

    private static final float[] SPECIAL = {Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
        Float.intBitsToFloat(0xffc00001)};
    private static final float[] EDGES = {0f, -0f, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MIN_NORMAL,
        Float.MAX_VALUE, -Float.MAX_VALUE, 1e-30f, -1e-30f};

    @Property(tries = 300)
    void computesTheSelectsBits(@ForAll long seed, @ForAll @IntRange(max = 3000) int n,
            @ForAll @IntRange(max = 7) int offset, @ForAll @IntRange(max = 2) int into) {
        Random rnd = new Random(seed);
        boolean specials = rnd.nextInt(3) == 0;
        float[] grad = values(rnd, offset + n, specials);
        float[] self = values(rnd, offset + n, specials);
        float[] want = new float[offset + n];
        UfuncLoops.threshold_backward_Float32(want, offset, grad, offset, self, offset, n, 0f);

        float[] out = into == 0 ? new float[offset + n] : into == 1 ? grad : self;
        FloatReluGradient.range(out, grad, self, offset, offset + n);
        String where = n + " elements" + (into == 0 ? "" : into == 1 ? " in place over grad" : " in place over self");
        for (int i = offset; i < offset + n; i++) {
            assertEquals(Float.floatToRawIntBits(want[i]), Float.floatToRawIntBits(out[i]), "element " + i + " of " + where);
        }
    }

    @Test
    void takesTheFastPathForAutogradsOperands() {
        Tensor grad = Torch.randn(3, 5);
        Tensor self = Torch.relu(Torch.randn(3, 5));
        Tensor result = Torch.threshold_backward(grad, self, Scalar.of(0));
        assertTrue(FloatReluGradient.applies(result, grad, self, 0f));
        float[] want = new float[15];
        UfuncLoops.threshold_backward_Float32(want, 0, grad.storage().floats(), 0, self.storage().floats(), 0, 15, 0f);
        for (int i = 0; i < 15; i++) {
            assertEquals(Float.floatToRawIntBits(want[i]), Float.floatToRawIntBits(result.storage().floats()[i]));
        }
    }

    private static float[] values(Random rnd, int length, boolean specials) {
        float[] v = new float[length];
        for (int i = 0; i < length; i++) {
            int kind = rnd.nextInt(20);
            if (kind == 0) {
                v[i] = EDGES[rnd.nextInt(EDGES.length)];
            } else if (kind == 1 && specials && rnd.nextInt(50) == 0) {
                v[i] = SPECIAL[rnd.nextInt(SPECIAL.length)];
            } else {
                v[i] = (float) rnd.nextGaussian() * (rnd.nextBoolean() ? 1f : 1e-3f);
            }
        }
        return v;
    }
}
