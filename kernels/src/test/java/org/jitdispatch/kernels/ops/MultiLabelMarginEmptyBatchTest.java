package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * multilabel_margin_loss of a batch of no samples, reduced: ATen 1.13 returns an output it never wrote; here it is
 * what the kernel's arithmetic gives, 0 for a sum and 0 / 0 for a mean, and the gradient is empty.
 */
class MultiLabelMarginEmptyBatchTest {
    @BeforeAll
    static void load() {
        AtenLibrary.load();
    }

    @Test
    void aReducedLossOfNoSamples() {
        Tensor input = Torch.zeros(new long[] {0, 4}, ScalarType.Float32);
        Tensor target = Torch.zeros(new long[] {0, 4}, ScalarType.Int64);
        Tensor[] mean = Torch.multilabel_margin_loss_forward(input, target, 1);
        assertEquals(0, mean[0].dim());
        assertEquals(Double.NaN, mean[0].item().toDouble());
        assertArrayEquals(new long[] {0, 4}, mean[1].sizes());
        assertEquals(0.0, Torch.multilabel_margin_loss(input, target, 2).item().toDouble());
        Tensor grad = Torch.multilabel_margin_loss_backward(Torch.ones(new long[0], ScalarType.Float32), input, target,
                1, mean[1]);
        assertArrayEquals(new long[] {0, 4}, grad.sizes());
    }
}
