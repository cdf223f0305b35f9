package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/**
 * What the more_ops golden family cannot show of its operators: that the splits are views a write goes through,
 * that meta tensors get their shapes, and that gradients pass through them.
 */
class MoreOpsTest {

    private static Tensor meta(long... sizes) {
        return Torch.empty(sizes, null, null, Device.META, null, null);
    }

    @Test
    void splitsAreViewsOfSelf() {
        Tensor x = Torch.tensor(new double[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 3, 4);
        Tensor[] columns = x.hsplit(2);
        assertEquals(2, columns.length);
        columns[1].fill_(Scalar.of(-1));
        assertArrayEquals(new double[] {0, 1, -1, -1, 4, 5, -1, -1, 8, 9, -1, -1}, x.toDoubleArray(), 0);
        for (Tensor piece : Torch.tensor_split(x, Torch.tensor(new long[] {1, 2}), 0)) {
            assertSame(x.storage(), piece.storage());
        }
        assertSame(x.storage(), x.vsplit(3)[2].storage());
        assertSame(x.storage(), x.view(3, 2, 2).dsplit(new long[] {1})[1].storage());
    }

    @Test
    void splitsOfMetaTensorsHaveTheirShapes() {
        Tensor[] pieces = Torch.dsplit(meta(2, 3, 6), 3);
        assertEquals(3, pieces.length);
        assertTrue(pieces[0].isMeta());
        assertArrayEquals(new long[] {2, 3, 2}, pieces[0].sizes());
        assertArrayEquals(new long[] {1, 5}, Torch.vsplit(meta(4, 5), new long[] {1, 2})[1].sizes());
    }

    @Test
    void gradientsFlowBackThroughTheSplits() {
        Tensor x = Torch.ones(2, 4).requiresGrad_(true);
        Tensor[] halves = x.hsplit(2);
        halves[0].sum().add(halves[1].mul(Scalar.of(3)).sum()).backward();
        assertArrayEquals(new double[] {1, 1, 3, 3, 1, 1, 3, 3}, x.grad().toDoubleArray(), 0);
    }
}
