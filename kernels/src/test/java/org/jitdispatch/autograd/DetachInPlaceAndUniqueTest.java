package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
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

/** Tensor.detach_() and Torch.unique, as PyTorch 1.13 (values from torch.unique). */
class DetachInPlaceAndUniqueTest {
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
