package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/** Meta behaviour and views of the shape operators; values, errors and gradients are golden (shape_ops). */
class ShapeOpsTest {

    private static Tensor meta(long... sizes) {
        return Torch.empty(sizes, null, null, Device.META, null, null);
    }

    private static void assertMeta(Tensor t, ScalarType dtype, long... sizes) {
        assertTrue(t.isMeta(), "a meta tensor");
        assertEquals(dtype, t.dtype());
        assertArrayEquals(sizes, t.sizes());
    }

    @Test
    void metaTensorsGetTheShapesOfEveryOutput() {
        assertMeta(Torch.tril(meta(3, 4), 1), ScalarType.Float32, 3, 4);
        assertMeta(meta(2, 3, 3).triu(), ScalarType.Float32, 2, 3, 3);
        assertThrows(IndexOutOfBoundsException.class, () -> Torch.tril(meta(3)));
        assertMeta(Torch.flip(meta(2, 3), new long[] {0}), ScalarType.Float32, 2, 3);
        assertMeta(Torch.roll(meta(2, 3), new long[] {1}, new long[] {1}), ScalarType.Float32, 2, 3);
        assertMeta(meta(2, 3).repeat(2, 1, 2), ScalarType.Float32, 2, 2, 6);
        Tensor[] pieces = Torch.split(meta(5, 2), 2);
        assertEquals(3, pieces.length);
        assertMeta(pieces[2], ScalarType.Float32, 1, 2);
        assertEquals(4, Torch.chunk(meta(2, 8), 4, 1).length);
        assertMeta(Torch.unbind(meta(2, 3), 1)[0], ScalarType.Float32, 2);
        Tensor[] sorted = Torch.sort(meta(3, 4), 1, true);
        assertMeta(sorted[0], ScalarType.Float32, 3, 4);
        assertMeta(sorted[1], ScalarType.Int64, 3, 4);
        Tensor[] top = Torch.topk(meta(3, 5), 2, 1, true, true);
        assertMeta(top[0], ScalarType.Float32, 3, 2);
        assertMeta(top[1], ScalarType.Int64, 3, 2);
        assertThrows(IllegalArgumentException.class, () -> Torch.topk(meta(3, 5), 6));
    }

    @Test
    void splitChunkAndUnbindReturnViews() {
        Tensor x = Torch.tensor(new double[] {1, 2, 3, 4, 5, 6}).view(3, 2);
        for (Tensor piece : Torch.split(x, 2)) {
            assertSame(x.storage(), piece.storage());
        }
        Tensor[] rows = x.unbind(0);
        assertEquals(3, rows.length);
        assertEquals(5.0, rows[2].select(0, 0).item().toDouble());
        assertSame(x.storage(), rows[1].storage());
        assertSame(x.storage(), x.chunk(2, 1)[1].storage());
    }
}
