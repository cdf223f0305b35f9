package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.junit.jupiter.api.Test;

/** masked_scatter_ reads source in self's logical order whatever self's strides (README: where we differ). */
class MaskedScatterOrderTest {
    static {
        AtenLibrary.load();
    }

    @Test
    void aTransposedSelfTakesSourceInRowMajorOrder() {
        Tensor mask = Torch.tensor(new boolean[] {true, false, true, false, true, false}, 2, 3);
        Tensor source = Torch.tensor(new float[] {1, 2, 3, 4, 5});
        Tensor transposed = Torch.zeros(3, 2).t();
        Tensor contiguous = Torch.zeros(2, 3);
        transposed.masked_scatter_(mask, source);
        contiguous.masked_scatter_(mask, source);
        assertArrayEquals(new float[] {1, 0, 2, 0, 3, 0}, contiguous.toFloatArray());
        assertArrayEquals(contiguous.toFloatArray(), transposed.toFloatArray());
    }
}
