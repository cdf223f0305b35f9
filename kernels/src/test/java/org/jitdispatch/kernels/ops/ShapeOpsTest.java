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

    @Test
    void unfoldIsAViewThatWritesThrough() {
        Tensor x = Torch.arange(org.jitdispatch.runtime.Scalar.of(10)).to(ScalarType.Float32);
        Tensor windows = x.unfold(0, 4, 3);
        assertArrayEquals(new long[] {3, 4}, windows.sizes());
        assertArrayEquals(new long[] {3, 1}, windows.strides());
        windows.select(0, 1).fill_(org.jitdispatch.runtime.Scalar.of(-1));
        assertArrayEquals(new float[] {0, 1, 2, -1, -1, -1, -1, 7, 8, 9}, x.toFloatArray());
        Tensor meta = Tensor.FACTORY.empty(new long[] {2, 9}, ScalarType.Float32, Device.META).unfold(1, 3, 2);
        assertArrayEquals(new long[] {2, 4, 3}, meta.sizes());
    }

    @Test
    void pixelShuffleRoundTripsAndNeverAliasesItsInput() {
        Tensor x = Torch.randn(new long[] {2, 12, 3, 4});
        Tensor up = Torch.pixel_shuffle(x, 2);
        assertArrayEquals(new long[] {2, 3, 6, 8}, up.sizes());
        assertArrayEquals(x.toFloatArray(), Torch.pixel_unshuffle(up, 2).toFloatArray());
        Tensor same = Torch.pixel_shuffle(x, 1);
        same.fill_(org.jitdispatch.runtime.Scalar.of(0));
        assertTrue(x.abs().sum().item().toDouble() > 0, "factor 1 gives a copy, as ATen's kernel does");
    }

    @Test
    void foldOfUnfoldCountsHowManyBlocksCoverEachPixel() {
        Tensor ones = Torch.ones(new long[] {1, 1, 4, 4});
        long[] k = {2, 2};
        long[] one = {1, 1};
        long[] zero = {0, 0};
        Tensor counts = Torch.col2im(Torch.im2col(ones, k, one, zero, one), new long[] {4, 4}, k, one, zero, one);
        assertArrayEquals(new float[] {1, 2, 2, 1, 2, 4, 4, 2, 2, 4, 4, 2, 1, 2, 2, 1}, counts.toFloatArray());
    }
}
