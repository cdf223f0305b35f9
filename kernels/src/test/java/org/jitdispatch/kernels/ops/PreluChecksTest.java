package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * prelu_cpu's checks after the channel count, in its order: the weight's rank, then its TensorIterator's dtypes,
 * then the kernel's. From PyTorch 1.13:
 * <pre>
 * F.prelu(torch.randn(2, 3), torch.randn(1, 3))
 * # prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = 2
 * F.prelu(torch.randn(2, 3), torch.randn(1, 2))
 * # Mismatch of parameter numbers and input channel size. Found parameter numbers = 2 and channel size = 3.
 * F.prelu(torch.randn(2, 3).double(), torch.randn(1))     # Found dtype Float but expected Double
 * F.prelu(torch.randint(0, 3, (2, 3)), torch.tensor([1]))  # "prelu_cpu" not implemented for 'Long'
 * F.prelu(torch.tensor([[0.5, -1.0], [2.0, 0.0]]), torch.tensor(0.2))   # [[0.5, -0.2], [2.0, 0.0]]
 * </pre>
 */
class PreluChecksTest {

    private static String message(Tensor x, Tensor w) {
        return assertThrows(IllegalArgumentException.class, () -> Torch.prelu(x, w)).getMessage();
    }

    @Test
    void checksInPrelusOrder() {
        assertEquals("prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = 2",
                message(Torch.randn(2, 3), Torch.randn(1, 3)));
        assertEquals("Mismatch of parameter numbers and input channel size. Found parameter numbers = 2 and channel"
                + " size = 3.", message(Torch.randn(2, 3), Torch.randn(1, 2)));
        assertEquals("Found dtype Float but expected Double",
                message(Torch.randn(new long[] {2, 3}, ScalarType.Float64), Torch.randn(1)));
        assertEquals("\"prelu_cpu\" not implemented for 'Long'",
                message(Torch.ones(new long[] {2, 3}, ScalarType.Int64), Torch.ones(new long[] {1}, ScalarType.Int64)));
    }

    @Test
    void aZeroDimWeightStillServesEveryChannel() {
        Tensor x = Torch.tensor(new float[] {0.5f, -1f, 2f, 0f}, 2, 2);
        assertArrayEquals(new double[] {0.5, -0.2, 2, 0},
                Torch.prelu(x, Torch.tensor(new float[] {0.2f}, 1).reshape(new long[0])).toDoubleArray(), 1e-7);
    }
}
