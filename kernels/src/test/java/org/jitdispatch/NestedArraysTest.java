package org.jitdispatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * {@code Torch.tensor} of nested Java arrays and {@code Tensor.tolist()}, against what PyTorch 1.13 gives for
 * the same nested lists (the expressions are in the comments).
 */
class NestedArraysTest {
    @Test
    void aNestedArrayIsATensorOfItsShape() {
        // torch.tensor([[1., 2., 3.], [4., 5., 6.]]): float32, [2, 3]
        Tensor t = Torch.tensor(new float[][] {{1, 2, 3}, {4, 5, 6}});
        assertEquals(ScalarType.Float32, t.dtype());
        assertArrayEquals(new long[] {2, 3}, t.sizes());
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, t.toFloatArray());

        Tensor d = Torch.tensor(new double[][][] {{{1}, {2}}, {{3}, {4}}});
        assertEquals(ScalarType.Float64, d.dtype());
        assertArrayEquals(new long[] {2, 2, 1}, d.sizes());
        assertArrayEquals(new double[] {1, 2, 3, 4}, d.toDoubleArray());

        Tensor i = Torch.tensor(new int[][] {{7}, {-8}});
        assertEquals(ScalarType.Int32, i.dtype());
        Tensor l = Torch.tensor(new long[][][][] {{{{1, 2}}}});
        assertEquals(ScalarType.Int64, l.dtype());
        assertArrayEquals(new long[] {1, 1, 1, 2}, l.sizes());
        Tensor b = Torch.tensor(new boolean[][] {{true, false}});
        assertEquals(ScalarType.Bool, b.dtype());
        assertArrayEquals(new boolean[] {true, false}, b.toBooleanArray());
    }

    @Test
    void theTensorIsACopy() {
        float[][] rows = {{1, 2}, {3, 4}};
        Tensor t = Torch.tensor(rows);
        rows[0][0] = 100;
        assertEquals(1f, t.toFloatArray()[0]);
    }

    @Test
    void emptyLevelsHaveSizeZeroDownToTheLast() {
        // torch.tensor([[], []]).shape == [2, 0]
        assertArrayEquals(new long[] {2, 0}, Torch.tensor(new float[][] {{}, {}}).sizes());
        assertArrayEquals(new long[] {0, 0}, Torch.tensor(new float[0][]).sizes());
        assertArrayEquals(new long[] {1, 0, 0}, Torch.tensor(new double[][][] {{}}).sizes());
    }

    @Test
    void raggedRowsAreRefusedWithPyTorchsMessage() {
        // torch.tensor([[1, 2], [3]]): ValueError: expected sequence of length 2 at dim 1 (got 1)
        assertEquals("expected sequence of length 2 at dim 1 (got 1)", assertThrows(IllegalArgumentException.class,
                () -> Torch.tensor(new long[][] {{1, 2}, {3}})).getMessage());
        // torch.tensor([[[1], [2]], [[3], [4, 5]]]): expected sequence of length 1 at dim 2 (got 2)
        assertEquals("expected sequence of length 1 at dim 2 (got 2)", assertThrows(IllegalArgumentException.class,
                () -> Torch.tensor(new float[][][] {{{1}, {2}}, {{3}, {4, 5}}})).getMessage());
        assertEquals("expected sequence of length 0 at dim 1 (got 1)", assertThrows(IllegalArgumentException.class,
                () -> Torch.tensor(new float[][] {{}, {1}})).getMessage());
        assertThrows(NullPointerException.class, () -> Torch.tensor(new float[][] {{1}, null}));
        assertThrows(NullPointerException.class, () -> Torch.tensor((float[][]) null));
    }

    @Test
    void tolistGivesNestedListsOfJavaValues() {
        // torch.tensor([[1.5, 2], [3, 4]]).tolist() == [[1.5, 2.0], [3.0, 4.0]]
        assertEquals(List.of(List.of(1.5, 2.0), List.of(3.0, 4.0)), Torch.tensor(new float[][] {{1.5f, 2}, {3, 4}}).tolist());
        // torch.tensor([1.1]).tolist() == [1.100000023841858]: the float32 value, widened
        assertEquals(List.of((double) 1.1f), Torch.tensor(new float[] {1.1f}).tolist());
        // torch.tensor(3).tolist() == 3
        assertEquals(3L, Torch.scalarTensor(org.jitdispatch.runtime.Scalar.of(3)).tolist());
        assertEquals(List.of(true, false), Torch.tensor(new boolean[] {true, false}).tolist());
        // torch.zeros(2, 0).tolist() == [[], []]
        assertEquals(List.of(List.of(), List.of()), Torch.zeros(2, 0).tolist());
        // uint8 reads unsigned: torch.tensor([200], dtype=torch.uint8).tolist() == [200]
        assertEquals(List.of(200L), Torch.tensor(new long[] {200}).to(ScalarType.UInt8).tolist());
    }

    @Test
    void tolistFollowsStridesOfAView() {
        Tensor t = Torch.tensor(new int[][] {{1, 2, 3}, {4, 5, 6}}).t();
        assertEquals(List.of(List.of(1L, 4L), List.of(2L, 5L), List.of(3L, 6L)), t.tolist());
        Tensor column = Torch.tensor(new int[][] {{1, 2, 3}, {4, 5, 6}}).select(1, 2);
        assertEquals(List.of(3L, 6L), column.tolist());
    }

    @Test
    void aMetaTensorHasNoValuesToList() {
        Tensor meta = Torch.empty(new long[] {2}, ScalarType.Float32, null, Device.META);
        assertThrows(UnsupportedOperationException.class, meta::tolist);
    }
}
