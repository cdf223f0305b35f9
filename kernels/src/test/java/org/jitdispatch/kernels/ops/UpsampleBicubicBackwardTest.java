package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * upsample_bicubic2d_backward copies the gradient when the output is as large as the input, whatever the scales
 * (the forward interpolates with them). From PyTorch 1.13:
 * <pre>
 * g = torch.tensor([[[[1., 2., 3.], [4., 5., 6.]]]])
 * torch.ops.aten.upsample_bicubic2d_backward(g, [2, 3], [1, 1, 2, 3], False, 1.3, 2.0)   # [1, 2, 3, 4, 5, 6]
 * </pre>
 */
class UpsampleBicubicBackwardTest {

    @Test
    void equalSizesCopyWhateverTheScales() {
        Tensor g = Torch.tensor(new double[] {1, 2, 3, 4, 5, 6}, 1, 1, 2, 3);
        assertArrayEquals(new double[] {1, 2, 3, 4, 5, 6}, Torch.upsample_bicubic2d_backward(g, new long[] {2, 3},
                new long[] {1, 1, 2, 3}, false, 1.3, 2.0).toDoubleArray());
    }
}
