package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/** Views share their base's storage, with PyTorch's sizes, strides and offsets; writes go through. */
class ViewsTest {
    /** 0..23 as float32 of shape [2, 3, 4]. */
    private static Tensor x() {
        return Torch.arange(Scalar.of(24L)).to(org.jitdispatch.runtime.ScalarType.Float32).view(2, 3, 4);
    }

    private static void assertGeometry(Tensor t, long[] sizes, long[] strides, long offset) {
        assertArrayEquals(sizes, t.sizes(), "sizes");
        assertArrayEquals(strides, t.strides(), "strides");
        assertEquals(offset, t.storageOffset(), "storage offset");
    }

    @Test
    void everyViewSharesTheStorageOfItsBase() {
        Tensor x = x();
        Tensor[] views = {
            x.view(6, 4), x.reshape(4, 6), x.transpose(0, 2), x.permute(2, 0, 1), x.select(1, 2),
            x.slice(2, 1L, 3L, 1), x.narrow(0, 1, 1), x.flatten(), x.flatten(1), x.unsqueeze(1), x.squeeze(),
            x.narrow(1, 0, 1).squeeze(1), x.select(0, 0).unsqueeze(0).expand(5, 3, 4), x.contiguous(),
            x.to(org.jitdispatch.runtime.ScalarType.Float32)};
        for (Tensor v : views) {
            assertSame(x.storage(), v.storage(), v.toString());
        }
    }

    @Test
    void viewsHavePyTorchsGeometry() {
        Tensor x = x();
        assertGeometry(x.transpose(0, 2), new long[] {4, 3, 2}, new long[] {1, 4, 12}, 0);
        assertGeometry(x.permute(1, 2, 0), new long[] {3, 4, 2}, new long[] {4, 1, 12}, 0);
        assertGeometry(x.select(1, -1), new long[] {2, 4}, new long[] {12, 1}, 8);
        assertGeometry(x.slice(2, 1L, null, 2), new long[] {2, 3, 2}, new long[] {12, 4, 2}, 1);
        assertGeometry(x.narrow(1, 1, 2), new long[] {2, 2, 4}, new long[] {12, 4, 1}, 4);
        assertGeometry(x.unsqueeze(-1), new long[] {2, 3, 4, 1}, new long[] {12, 4, 1, 1}, 0);
        assertGeometry(x.unsqueeze(1), new long[] {2, 1, 3, 4}, new long[] {12, 12, 4, 1}, 0);
        assertGeometry(x.select(2, 0).unsqueeze(1).expand(2, 5, 3), new long[] {2, 5, 3}, new long[] {12, 0, 4}, 0);
        assertGeometry(x.expand(-1, -1, -1), new long[] {2, 3, 4}, new long[] {12, 4, 1}, 0);
        assertGeometry(x.narrow(2, 3, 1).squeeze(), new long[] {2, 3}, new long[] {12, 4}, 3);
    }

    @Test
    void writesThroughAViewReachTheBase() {
        Tensor x = x();
        x.select(1, 1).fill_(Scalar.of(-1.0));
        x.transpose(0, 2).narrow(0, 0, 1).zero_();
        float[] v = x.toFloatArray();
        assertEquals(-1f, v[5]);
        assertEquals(0f, v[4], "x[0, 1, 0] was written by both; the zero_ came last");
        assertEquals(0f, v[20]);
        assertEquals(21f, v[21]);
    }

    @Test
    void reshapeCopiesOnlyWhenNoViewExists() {
        Tensor t = x().transpose(1, 2);
        Tensor same = t.reshape(2, 4, 3);
        assertSame(t.storage(), same.storage());
        Tensor copied = t.reshape(-1);
        assertNotSame(t.storage(), copied.storage());
        assertArrayEquals(new long[] {1}, copied.strides());
        assertArrayEquals(new float[] {0, 4, 8, 1, 5, 9}, java.util.Arrays.copyOf(copied.toFloatArray(), 6));
        assertEquals("cannot reshape tensor of 0 elements into shape [-1, 0] because the unspecified dimension size -1"
                + " can be any value and is ambiguous",
                assertThrows(IllegalArgumentException.class, () -> Torch.zeros(0, 3).reshape(-1, 0)).getMessage());
    }

    @Test
    void inPlaceViewOpsChangeSelfAndReturnIt() {
        Tensor x = x();
        long[] before = x.strides();
        assertSame(x, x.transpose_(0, 2));
        assertGeometry(x, new long[] {4, 3, 2}, new long[] {1, 4, 12}, 0);
        assertSame(x, x.unsqueeze_(0));
        assertGeometry(x, new long[] {1, 4, 3, 2}, new long[] {4, 1, 4, 12}, 0);
        assertSame(x, x.squeeze_(0));
        assertSame(x, x.squeeze_(1)); // size 3: nothing changes
        assertSame(x, x.transpose_(0, 2));
        assertArrayEquals(before, x.strides());
        Tensor ones = Torch.ones(1, 2, 1);
        assertSame(ones, ones.squeeze_());
        assertArrayEquals(new long[] {2}, ones.sizes());
    }

    @Test
    void squeezeDimReturnsANewViewEvenWhenNothingIsSqueezed() {
        Tensor x = x();
        Tensor s = x.squeeze(0);
        assertNotSame(x, s);
        assertSame(x.storage(), s.storage());
        assertArrayEquals(x.sizes(), s.sizes());
    }

    @Test
    void failingInPlaceViewsLeaveSelfAlone() {
        Tensor x = x();
        assertThrows(IndexOutOfBoundsException.class, () -> x.transpose_(0, 3));
        assertThrows(IndexOutOfBoundsException.class, () -> x.unsqueeze_(4));
        assertThrows(IndexOutOfBoundsException.class, () -> x.squeeze_(-4));
        assertGeometry(x, new long[] {2, 3, 4}, new long[] {12, 4, 1}, 0);
    }

    @Test
    void viewErrorsUsePyTorchsMessages() {
        Tensor x = x();
        assertEquals("permute(): duplicate dims are not allowed.",
                assertThrows(IllegalArgumentException.class, () -> x.permute(0, 0, 1)).getMessage());
        assertEquals("expand(torch.FloatTensor{[2, 3, 4]}, size=[4]): the number of sizes provided (1) must be greater or"
                + " equal to the number of dimensions in the tensor (3)",
                assertThrows(IllegalArgumentException.class, () -> x.expand(4)).getMessage());
        assertEquals("expand(CPUBoolType{[2]}, size=[]): the number of sizes provided (0) must be greater or equal to the"
                + " number of dimensions in the tensor (1)",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.zeros(new long[] {2}, org.jitdispatch.runtime.ScalarType.Bool).expand()).getMessage());
        assertEquals("The expanded size of the tensor (5) must match the existing size (4) at non-singleton dimension 2."
                + "  Target sizes: [2, 3, 5].  Tensor sizes: [2, 3, 4]",
                assertThrows(IllegalArgumentException.class, () -> x.expand(2, 3, 5)).getMessage());
        assertEquals("select(): index 3 out of range for tensor of size [2, 3, 4] at dimension 1",
                assertThrows(IndexOutOfBoundsException.class, () -> x.select(-2, 3)).getMessage());
        assertEquals("start (3) + length (2) exceeds dimension size (4).",
                assertThrows(IllegalArgumentException.class, () -> x.narrow(2, -1, 2)).getMessage());
        assertEquals("start must be an 0-dim integral Tensor.",
                assertThrows(IllegalArgumentException.class, () -> x.narrow(0, Torch.scalarTensor(Scalar.of(1.0)), 1))
                        .getMessage());
        assertArrayEquals(new long[] {2, 3, 2}, x.narrow(2, Torch.scalarTensor(Scalar.of(1L)), 2).sizes());
    }
}
