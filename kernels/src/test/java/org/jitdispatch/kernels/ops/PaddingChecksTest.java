package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.junit.jupiter.api.Test;

/**
 * The reflection and replication kernels' checks through {@code pad}, with PyTorch 1.13's messages:
 * <pre>
 * F.pad(torch.randn(1, 2, 5, 3), [1, 1, 6, 1], 'reflect')
 * # Argument #6: Padding size should be less than the corresponding input dimension, but got: padding (6, 1) at
 * # dimension 2 of input 4
 * F.pad(torch.randn(1, 2, 3, 5, 3), [1, 1, 1, 1, 4, 1], 'reflect')
 * # Argument #8: ... but got: padding (4, 1) at dimension 2 of input [1, 2, 3, 5, 3]
 * F.pad(torch.randn(1, 2, 3, 5, 3), [4, 1, 1, 1, 1, 1], 'reflect')
 * # Argument #4: ... but got: padding (4, 1) at dimension 4 of input [1, 2, 3, 5, 3]
 * F.pad(torch.randn(1, 0, 3), [1, 1], 'replicate')
 * # Expected 2D or 3D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for input, but
 * # got: [1, 0, 3]
 * F.pad(torch.randn(0, 3), [1, 1], 'replicate')    # the same message, [0, 3]
 * F.pad(torch.randn(1, 0, 3), [1, 1], 'reflect')
 * # 2D or 3D (batch mode) tensor expected for input, but got: [ torch.FloatTensor{1,0,3} ]
 * F.pad(torch.randn(0, 3), [1, 1], 'reflect').shape  # torch.Size([0, 5])
 * F.pad(torch.randn(0, 2, 3), [1, 1], 'replicate').shape  # torch.Size([0, 2, 5])
 * </pre>
 */
class PaddingChecksTest {

    private static String message(Tensor x, long[] pad, String mode) {
        return assertThrows(IllegalArgumentException.class, () -> Torch.pad(x, pad, mode)).getMessage();
    }

    @Test
    void reflectionNamesThePadsArgumentByItsDim() {
        String tail = ": Padding size should be less than the corresponding input dimension, but got: padding ";
        assertEquals("Argument #6" + tail + "(6, 1) at dimension 2 of input 4",
                message(Torch.zeros(1, 2, 5, 3), new long[] {1, 1, 6, 1}, "reflect"));
        assertEquals("Argument #8" + tail + "(4, 1) at dimension 2 of input [1, 2, 3, 5, 3]",
                message(Torch.zeros(1, 2, 3, 5, 3), new long[] {1, 1, 1, 1, 4, 1}, "reflect"));
        assertEquals("Argument #4" + tail + "(4, 1) at dimension 4 of input [1, 2, 3, 5, 3]",
                message(Torch.zeros(1, 2, 3, 5, 3), new long[] {4, 1, 1, 1, 1, 1}, "reflect"));
    }

    @Test
    void emptyDimsOtherThanTheBatchAreRefused() {
        assertEquals("Expected 2D or 3D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for"
                + " input, but got: [1, 0, 3]", message(Torch.zeros(1, 0, 3), new long[] {1, 1}, "replicate"));
        assertEquals("Expected 2D or 3D (batch mode) tensor with possibly 0 batch size and other non-zero dimensions for"
                + " input, but got: [0, 3]", message(Torch.zeros(0, 3), new long[] {1, 1}, "replicate"));
        assertEquals("2D or 3D (batch mode) tensor expected for input, but got: [ torch.FloatTensor{1,0,3} ]",
                message(Torch.zeros(1, 0, 3), new long[] {1, 1}, "reflect"));
        assertArrayEquals(new long[] {0, 5}, Torch.pad(Torch.zeros(0, 3), new long[] {1, 1}, "reflect").sizes());
        assertArrayEquals(new long[] {0, 2, 5}, Torch.pad(Torch.zeros(0, 2, 3), new long[] {1, 1}, "replicate").sizes());
    }
}
