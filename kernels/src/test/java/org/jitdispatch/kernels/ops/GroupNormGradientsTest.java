package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;

import java.util.Random;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.GradCheck;
import org.jitdispatch.runtime.MemoryFormat;
import org.junit.jupiter.api.Test;

/**
 * group_norm's gradients (native_group_norm's derivative: one native_group_norm_backward call) and instance_norm's
 * (through batch_norm) against finite differences in float64, with and without weight and bias, on 3-D and 4-D and
 * channels-last inputs.
 */
class GroupNormGradientsTest {
    private static final Random RANDOM = new Random(11);

    private static Tensor leaf(long... sizes) {
        int n = 1;
        for (long s : sizes) {
            n *= (int) s;
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = RANDOM.nextDouble() * 2 - 1;
        }
        return Torch.tensor(v).view(sizes).requiresGrad_(true);
    }

    /** GradCheck throws at the first Jacobian entry off its finite difference. */
    private static void assertGradientsMatch(Function<Tensor[], Tensor> fn, Tensor... inputs) {
        assertDoesNotThrow(() -> GradCheck.check(fn, inputs), "analytical and numerical gradients differ");
    }

    @Test
    void groupNormWithWeightAndBias() {
        assertGradientsMatch(t -> Torch.group_norm(t[0], 3, t[1], t[2], 1e-5, true), leaf(2, 6, 3), leaf(6), leaf(6));
    }

    @Test
    void groupNormWithoutAffineOnFourDims() {
        assertGradientsMatch(t -> Torch.group_norm(t[0], 2, null, null, 1e-5, true), leaf(2, 4, 2, 2));
        assertGradientsMatch(t -> Torch.group_norm(t[0], 1, t[1], null, 1e-5, true), leaf(3, 2, 3), leaf(2));
    }

    @Test
    void groupNormOfAChannelsLastInput() {
        assertGradientsMatch(t -> Torch.group_norm(t[0].contiguous(MemoryFormat.ChannelsLast), 2, t[1], t[2], 1e-5, true),
                leaf(2, 4, 2, 3), leaf(4), leaf(4));
    }

    @Test
    void instanceNorm() {
        assertGradientsMatch(t -> Torch.instance_norm(t[0], t[1], t[2], null, null, true, 0.1, 1e-5, false), leaf(2, 3, 4),
                leaf(3), leaf(3));
    }
}
