package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * A copy of a tensor that requires grad to an integer or bool dtype is not differentiable, as in PyTorch
 * (derivatives.yaml's output differentiability condition of {@code _to_copy}): it has no grad_fn, does not require
 * grad, and passes no gradient back to its source; a copy to another floating dtype keeps the history.
 */
class IntegerCopiesTest {
    static {
        AtenLibrary.load();
    }

    private static Tensor leaf() {
        return Torch.tensor(new float[] {0.5f, -1.5f, 2f}).requiresGrad_(true);
    }

    @Test
    void integerAndBoolCopiesHaveNoHistory() {
        Tensor x = leaf();
        for (ScalarType dtype : new ScalarType[] {ScalarType.Int64, ScalarType.Int32, ScalarType.Bool, ScalarType.UInt8}) {
            Tensor copy = x.to(dtype);
            assertFalse(copy.requiresGrad(), dtype.toString());
            assertNull(copy.gradFn(), dtype.toString());
        }
        Tensor typed = x.type_as(Torch.tensor(new long[] {1}));
        assertFalse(typed.requiresGrad());
    }

    @Test
    void noGradientFlowsThroughAnIntegerCopy() {
        Tensor x = leaf();
        Tensor w = Torch.tensor(new float[] {1f, 2f, 3f}).requiresGrad_(true);
        Torch.mul(w, x.to(ScalarType.Int64)).sum().backward();
        assertNull(x.grad(), "x reached the loss only through an integer copy");
        assertArrayEquals(new double[] {0, -1, 2}, w.grad().toDoubleArray());
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> leaf().to(ScalarType.Int64).sum().backward());
        assertTrue(e.getMessage().startsWith("element 0 of tensors does not require grad"), e.getMessage());
    }

    @Test
    void floatingCopiesKeepTheirHistory() {
        for (ScalarType dtype : new ScalarType[] {ScalarType.Float64, ScalarType.Float16, ScalarType.BFloat16}) {
            Tensor x = leaf();
            Tensor copy = x.to(dtype);
            assertTrue(copy.requiresGrad(), dtype.toString());
            assertEquals("ToCopyBackward0", copy.gradFn().name());
            copy.sum().backward();
            assertArrayEquals(new double[] {1, 1, 1}, x.grad().toDoubleArray(), dtype.toString());
        }
    }
}
