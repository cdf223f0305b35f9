package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/** split_with_sizes returns views of self, and, as a multi-view operator, refuses in-place writes to them. */
class SplitWithSizesTest {
    static {
        AtenLibrary.load();
    }

    @Test
    void thePiecesAreViewsOfSelf() {
        Tensor x = Torch.tensor(new float[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, 5, 2);
        Tensor[] pieces = x.split(new long[] {2, 3}, 0);
        assertSame(x.storage(), pieces[1].storage());
        assertEquals(4, pieces[1].storageOffset());
        assertArrayEquals(new float[] {4, 5, 6, 7, 8, 9}, pieces[1].toFloatArray());
    }

    @Test
    void itsOutputsMayNotBeWrittenInPlaceWhenTheyHaveHistory() {
        Tensor x = Torch.rand(5, 2).requiresGrad_(true).clone();
        Tensor[] pieces = Torch.split_with_sizes(x, new long[] {2, 3}, 0);
        RuntimeException e = assertThrows(RuntimeException.class, () -> pieces[0].mul_(Scalar.of(2)));
        assertEquals("Output 0 of SplitWithSizesBackward0 is a view and is being modified inplace. This view is the"
                + " output of a function that returns multiple views. Such functions do not allow the output views to"
                + " be modified inplace. You should replace the inplace operation by an out-of-place one.", e.getMessage());
    }
}
