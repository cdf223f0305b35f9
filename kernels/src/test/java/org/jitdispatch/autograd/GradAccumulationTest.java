package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.junit.jupiter.api.Test;

/**
 * How AccumulateGrad fills a leaf's {@code .grad}: the first gradient is copied in the leaf's layout, later
 * ones are added into that copy in place (PyTorch's {@code variable.grad += new_grad}), and never into a
 * tensor that someone else holds: another leaf's gradient, the caller's, or one the user set.
 */
class GradAccumulationTest {
    static {
        AtenLibrary.load();
    }

    @Test
    void leavesThatReceivedOneGradientTensorKeepSeparateSums() {
        Tensor a = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        Tensor b = Torch.tensor(new float[] {3, 4}).requiresGrad_(true);
        for (int pass = 0; pass < 3; pass++) {
            a.add(b).sum().backward(); // AddBackward hands the same gradient tensor to both leaves
        }
        assertArrayEquals(new float[] {3, 3}, a.grad().toFloatArray());
        assertArrayEquals(new float[] {3, 3}, b.grad().toFloatArray());
    }

    @Test
    void theCallersGradientIsNeverWrittenInto() {
        Tensor x = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        Tensor g = Torch.tensor(new float[] {1, 1});
        for (int pass = 0; pass < 4; pass++) {
            x.backward(g);
        }
        assertArrayEquals(new float[] {1, 1}, g.toFloatArray());
        assertArrayEquals(new float[] {4, 4}, x.grad().toFloatArray());
    }

    @Test
    void anOwnedSumIsUpdatedInPlaceSoHeldReferencesSeeIt() {
        Tensor x = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        x.mul(x).sum().backward();
        Tensor held = x.grad();
        x.mul(x).sum().backward();
        x.mul(x).sum().backward();
        assertSame(held, x.grad(), "later gradients are added into the first one's copy");
        assertArrayEquals(new float[] {6, 12}, held.toFloatArray());
    }

    @Test
    void gradientsHaveTheLeafsLayoutAndAreTheirOwnTensors() {
        Tensor w = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 3, 2).requiresGrad_(true);
        Tensor b = Torch.tensor(new float[] {1, 1, 1}).requiresGrad_(true);
        // as nn.Linear computes x @ w.T: w's gradient reaches AccumulateGrad as a transposed view
        Torch.tensor(new float[] {1, 2}, 1, 2).mm(w.transpose(0, 1)).add(b).sum().backward();
        assertArrayEquals(new long[] {2, 1}, w.grad().strides());
        assertArrayEquals(new float[] {1, 2, 1, 2, 1, 2}, w.grad().toFloatArray());
        Tensor p = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        Tensor q = Torch.tensor(new float[] {3, 4}).requiresGrad_(true);
        p.add(q).sum().backward();
        p.grad().mul_(Torch.tensor(new float[] {10, 10}));
        assertArrayEquals(new float[] {10, 10}, p.grad().toFloatArray());
        assertArrayEquals(new float[] {1, 1}, q.grad().toFloatArray(), "q's gradient is not p's");
    }

    @Test
    void aGradientSetByTheUserIsNotWrittenInto() {
        Tensor x = Torch.tensor(new float[] {1, 2}).requiresGrad_(true);
        Tensor mine = Torch.tensor(new float[] {10, 10});
        Autograd.setGrad(x, mine);
        x.sum().backward();
        x.sum().backward();
        assertArrayEquals(new float[] {10, 10}, mine.toFloatArray());
        assertArrayEquals(new float[] {12, 12}, x.grad().toFloatArray());
    }

    @Test
    void largeGraphsWithASharedLeafGetEveryGradient() {
        Tensor x = Torch.tensor(new double[] {0.5, -1.5, 2}).requiresGrad_(true);
        Tensor y = x;
        for (int i = 0; i < 200; i++) {
            y = y.mul(Torch.tensor(new double[] {1.001, 1.001, 1.001})).add(x.mul(Torch.tensor(new double[] {0.001})));
        }
        y.sum().backward();
        double[] g = x.grad().toDoubleArray();
        // y_{k+1} = 1.001 y_k + 0.001 x, so dy_200/dx = 1.001^200 + 0.001 * sum_{k<200} 1.001^k = 2 * 1.001^200 - 1
        double expected = 2 * Math.pow(1.001, 200) - 1;
        for (double v : g) {
            org.junit.jupiter.api.Assertions.assertEquals(expected, v, 1e-9);
        }
    }
}
