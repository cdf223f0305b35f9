package org.jitdispatch.kernels.iter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * A tensor without elements may have zero strides (the result of an elementwise op over an empty broadcast
 * gets them, as in PyTorch: {@code (torch.randn(4, 0, 1, 5) * 4).stride() == (0, 5, 0, 1)}); c10 counts it as
 * dense, so writing into it is no internal overlap.
 */
class EmptyZeroStridesTest {
    @Test
    void anEmptyResultWithZeroStridesCanBeWrittenTo() {
        Tensor x = Torch.randn(4, 0, 1, 5).mul(Scalar.of(4));
        assertArrayEquals(new long[] {0, 5, 0, 1}, x.strides());
        // x.to(torch.int32).stride() == (0, 5, 0, 1) in PyTorch 1.13
        Tensor y = x.to(ScalarType.Int32);
        assertArrayEquals(new long[] {4, 0, 1, 5}, y.sizes());
        assertArrayEquals(new long[] {0, 5, 0, 1}, y.strides());
        Tensor z = Torch.empty_strided(new long[] {4, 0, 1, 5}, new long[] {0, 5, 0, 1});
        z.copy_(Torch.randn(4, 0, 1, 5));
        z.add_(Scalar.of(1));
        z.uniform_(0, 1);
        z.normal_(0, 1);
        assertEquals(0, z.numel());
    }
}
