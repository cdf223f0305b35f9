package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * hinge_embedding_loss computes {@code margin - self} as ATen's {@code empty_like(self).fill_(margin).sub_(self)}: in
 * self's dtype, so an integer input truncates the margin and keeps its dtype. From PyTorch 1.13:
 * <pre>
 * a = torch.tensor([1, 2]); y = torch.tensor([1, -1])
 * torch.hinge_embedding_loss(a, y, 1.5, 0)     # tensor([1, 0]) (int64)
 * torch.hinge_embedding_loss(a, y, 1.0, 2)     # tensor(1) (int64)
 * torch.hinge_embedding_loss(a, y, 1.0, 1)
 * # mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Long
 * </pre>
 */
class HingeEmbeddingLossTest {

    @Test
    void anIntegerInputKeepsItsDtype() {
        Tensor a = Torch.tensor(new long[] {1, 2}, 2);
        Tensor y = Torch.tensor(new long[] {1, -1}, 2);
        Tensor none = Torch.hinge_embedding_loss(a, y, 1.5, 0);
        assertEquals(ScalarType.Int64, none.dtype());
        assertArrayEquals(new double[] {1, 0}, none.toDoubleArray());
        Tensor sum = Torch.hinge_embedding_loss(a, y, 1.0, 2);
        assertEquals(ScalarType.Int64, sum.dtype());
        assertArrayEquals(new double[] {1}, sum.toDoubleArray());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Torch.hinge_embedding_loss(a, y, 1.0, 1));
        assertEquals("mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype."
                + " Got: Long", e.getMessage());
    }
}
