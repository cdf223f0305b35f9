package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/** torch.nn.functional's helpers against PyTorch 1.13's printed results. */
class FunctionalTest {
    @Test
    void normalizeDividesByTheNormAlongADimAndLeavesZeroVectors() {
        Tensor x = Torch.tensor(new float[] {3, 4, 0, 0, 1, -1}, 3, 2).requiresGrad_(true);
        Tensor y = Functional.normalize(x);
        assertEquals("tensor([[ 0.6000,  0.8000],\n        [ 0.0000,  0.0000],\n        [ 0.7071, -0.7071]],"
                + " grad_fn=<DivBackward0>)", y.toString());
        y.pow(Scalar.of(3)).sum().backward();
        assertEquals("tensor([[-0.0461,  0.0346],\n        [ 0.0000,  0.0000],\n        [ 1.0607,  1.0607]])",
                x.grad().toString());
        assertEquals("tensor([[0.2000, 0.4000, 0.4000]])",
                Functional.normalize(Torch.tensor(new float[] {1, 2, 2}, 1, 3), 1, 1, 1e-12).toString());
        assertEquals("tensor([[0.3162, 0.4472],\n        [0.9487, 0.8944]])",
                Functional.normalize(Torch.tensor(new float[] {1, 2, 3, 4}, 2, 2), 2, 0, 1e-12).toString());
    }
}
