package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/** Tensor.detach_(), Torch.unique and Torch.dist, as PyTorch 1.13 (values from PyTorch). */
class DetachUniqueDistTest {
    static {
        AtenLibrary.load();
    }

    @Test
    void detachInPlaceMakesAResultALeafThatRequiresNoGrad() {
        Tensor y = Torch.ones(2).requiresGrad_(true).mul(Scalar.of(2));
        assertSame(y, y.detach_());
        assertFalse(y.requiresGrad());
        assertNull(y.gradFn());
        assertTrue(y.isLeaf());
        Tensor leaf = Torch.ones(2).requiresGrad_(true);
        leaf.detach_();
        assertFalse(leaf.requiresGrad());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Torch.zeros(3).narrow(0, 0, 2).detach_());
        assertTrue(e.getMessage().startsWith("Can't detach views in-place. Use detach() instead."), e.getMessage());
    }

    /** torch.dist with PyTorch 1.13's values: the p-norm of the broadcast difference, and its gradients. */
    @Test
    void distIsTheNormOfTheDifference() {
        Tensor a = Torch.tensor(new float[] {1, 2, 3, 4, 5, 6}, 2, 3).requiresGrad_(true);
        Tensor b = Torch.tensor(new float[] {0.5f, 1, -1}).requiresGrad_(true);
        Tensor d = Torch.dist(a, b, Scalar.of(3));
        assertEquals("tensor(8.0156, grad_fn=<DistBackward0>)", d.toString());
        d.backward();
        assertEquals("tensor([-0.1946, -0.2646, -1.0117])", b.grad().toString());
        assertEquals("tensor(3.)", Torch.dist(Torch.tensor(new float[] {1, 2}), Torch.tensor(new float[] {3, 5}),
                Scalar.of(Double.POSITIVE_INFINITY)).toString());
        assertThrows(IllegalArgumentException.class, () -> Torch.dist(Torch.tensor(new long[] {1}), Torch.tensor(new long[] {3}),
                Scalar.of(2)));
    }

    @Test
    void uniqueGivesValuesInverseAndCountsAsPyTorch() {
        Tensor x = Torch.tensor(new long[] {3, 1, 2, 3, 1, 5});
        assertArrayEquals(new long[] {1, 2, 3, 5}, x.unique().toLongArray());
        Tensor[] all = Torch.unique(x, true, true, true);
        assertArrayEquals(new long[] {1, 2, 3, 5}, all[0].toLongArray());
        assertArrayEquals(new long[] {2, 0, 1, 2, 0, 3}, all[1].toLongArray());
        assertArrayEquals(new long[] {2, 1, 2, 1}, all[2].toLongArray());
        Tensor m = Torch.tensor(new long[] {1, 2, 1, 2, 0, 1}, 3, 2);
        Tensor[] rows = Torch.unique(m, true, true, true, 0);
        assertArrayEquals(new long[] {0, 1, 1, 2}, rows[0].toLongArray());
        assertArrayEquals(new long[] {1, 1, 0}, rows[1].toLongArray());
        assertArrayEquals(new long[] {1, 2}, rows[2].toLongArray());
    }
}
