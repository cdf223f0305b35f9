package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/** copy_, fill_, clone, contiguous and to: broadcasting, conversions, aliasing and failures that write nothing. */
class CopyAndConversionTest {
    private static final String OVERLAP = "unsupported operation: some elements of the input tensor and the written-to"
            + " tensor refer to a single memory location. Please clone() the tensor before performing the operation.";

    @Test
    void copyBroadcastsAndConverts() {
        Tensor dst = Torch.zeros(new long[] {2, 3}, ScalarType.Int32);
        assertSame(dst, dst.copy_(Torch.tensor(new float[] {1.7f, -2.7f, 3.2f})));
        assertArrayEquals(new int[] {1, -2, 3, 1, -2, 3}, dst.toIntArray());
        Tensor transposed = Torch.zeros(3, 2).transpose(0, 1);
        transposed.copy_(Torch.tensor(new long[] {0, 1, 2, 3, 4, 5}, 2, 3));
        assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5}, transposed.toFloatArray());
        assertArrayEquals(new long[] {1, 2}, transposed.strides());
        Tensor bools = Torch.empty(new long[] {3}, ScalarType.Bool);
        bools.copy_(Torch.tensor(new double[] {Double.NaN, 0.0, -0.5}));
        assertArrayEquals(new boolean[] {true, false, true}, bools.toBooleanArray());
    }

    @Test
    void failingCopiesWriteNothing() {
        Tensor x = Torch.tensor(new float[] {0, 1, 2, 3});
        assertEquals(OVERLAP, assertThrows(IllegalArgumentException.class,
                () -> x.slice(0, 1L, null, 1).copy_(x.slice(0, 0L, 3L, 1))).getMessage());
        assertEquals("unsupported operation: more than one element of the written-to tensor refers to a single memory"
                + " location. Please clone() the tensor before performing the operation.", assertThrows(
                        IllegalArgumentException.class, () -> x.narrow(0, 0, 1).expand(2, 1).copy_(Torch.ones(2, 1)))
                .getMessage());
        assertEquals("output with shape [4] doesn't match the broadcast shape [2, 4]", assertThrows(
                IllegalArgumentException.class, () -> x.copy_(Torch.ones(2, 4))).getMessage());
        assertArrayEquals(new float[] {0, 1, 2, 3}, x.toFloatArray());
        assertSame(x, x.copy_(x));
    }

    @Test
    void fillChecksTheValueBeforeWriting() {
        Tensor ints = Torch.tensor(new int[] {1, 2, 3});
        assertEquals("value cannot be converted to type int without overflow",
                assertThrows(IllegalArgumentException.class, () -> ints.fill_(Scalar.of(Double.NaN))).getMessage());
        assertEquals("value cannot be converted to type int without overflow",
                assertThrows(IllegalArgumentException.class, () -> ints.fill_(Scalar.of(1L << 40))).getMessage());
        assertEquals("fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions.",
                assertThrows(IllegalArgumentException.class, () -> ints.fill_(Torch.tensor(new int[] {1}))).getMessage());
        assertArrayEquals(new int[] {1, 2, 3}, ints.toIntArray());
        // an overlapping (expanded) self is fine: filling is idempotent
        Tensor base = Torch.zeros(1, 3);
        base.expand(4, 3).fill_(Torch.scalarTensor(Scalar.of(2L)));
        assertArrayEquals(new float[] {2, 2, 2}, base.toFloatArray());
        assertArrayEquals(new float[] {5, 5}, Torch.fill(Torch.zeros(2), Scalar.of(5L)).toFloatArray());
    }

    @Test
    void contiguousAndToReturnSelfWhenNothingChanges() {
        Tensor x = Torch.zeros(2, 3);
        assertSame(x, x.contiguous());
        assertSame(x, x.to(ScalarType.Float32));
        assertSame(x, x.to(x));
        assertSame(x, x.to(Device.CPU, ScalarType.Float32));
        assertSame(x, x.to(null, null, null, null, false, false, MemoryFormat.Contiguous));
        assertNotSame(x, x.to(ScalarType.Float32, false, true));
        Tensor t = x.transpose(0, 1);
        Tensor c = t.contiguous();
        assertNotSame(t.storage(), c.storage());
        assertArrayEquals(new long[] {2, 1}, c.strides());
        assertEquals("preserve memory format is unsupported by the contiguous operator",
                assertThrows(IllegalArgumentException.class, () -> t.contiguous(MemoryFormat.Preserve)).getMessage());
        assertArrayEquals(new long[] {1, 3}, t.to(ScalarType.Float64).strides(), "to preserves dense strides");
    }

    @Test
    void cloneKeepsDenseStridesOrFollowsTheMemoryFormat() {
        Tensor nchw = Torch.arange(Scalar.of(120L), ScalarType.Float32).view(2, 3, 4, 5);
        Tensor nhwc = nchw.contiguous(MemoryFormat.ChannelsLast);
        assertArrayEquals(new long[] {60, 1, 15, 3}, nhwc.strides());
        assertArrayEquals(nchw.toFloatArray(), nhwc.toFloatArray());
        assertArrayEquals(new long[] {60, 1, 15, 3}, nhwc.clone().strides());
        assertArrayEquals(new long[] {60, 20, 5, 1}, nhwc.contiguous().strides());
        assertArrayEquals(new long[] {60, 1, 15, 3}, nhwc.to(ScalarType.Float64).strides());
        assertSame(nhwc, nhwc.to(null, null, null, null, false, false, MemoryFormat.ChannelsLast));
        assertArrayEquals(new long[] {3, 1}, Torch.zeros(1, 3).expand(2, 3).clone().strides());
        assertEquals("required rank 4 tensor to use channels_last format", assertThrows(IllegalArgumentException.class,
                () -> Torch.zeros(2, 3).clone(MemoryFormat.ChannelsLast)).getMessage());
    }
}
