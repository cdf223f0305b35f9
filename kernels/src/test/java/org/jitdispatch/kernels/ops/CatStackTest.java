package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/** cat and stack: promotion, layouts of the result, out= tensors, and out= calls that fail before writing. */
class CatStackTest {
    private static final String OVERLAP = "unsupported operation: some elements of the input tensor and the written-to"
            + " tensor refer to a single memory location. Please clone() the tensor before performing the operation.";

    private static Tensor range(long n, long... sizes) {
        return Torch.arange(Scalar.of(n), ScalarType.Float32).view(sizes);
    }

    @Test
    void catPromotesAndCopiesEveryLayout() {
        Tensor a = range(6, 2, 3);
        Tensor b = Torch.tensor(new int[] {10, 11}, 2, 1);
        Tensor r = Torch.cat(new Tensor[] {a.transpose(0, 1).transpose(0, 1), b, Torch.zeros(0)}, 1);
        assertEquals(ScalarType.Float32, r.dtype());
        assertArrayEquals(new float[] {0, 1, 2, 10, 3, 4, 5, 11}, r.toFloatArray());
        Tensor nhwc = range(24, 1, 2, 3, 4).contiguous(MemoryFormat.ChannelsLast);
        assertArrayEquals(new long[] {48, 1, 16, 4}, Torch.cat(new Tensor[] {nhwc, nhwc}, 1).strides(),
                "channels-last inputs give a channels-last result");
        assertArrayEquals(new long[] {48, 12, 4, 1}, Torch.cat(new Tensor[] {nhwc, nhwc.contiguous()}, 1).strides());
    }

    @Test
    void catOutKeepsACorrectlySizedOutAndResizesAnyOther() {
        Tensor out = Torch.zeros(3, 4).transpose(0, 1);
        Torch.cat_out(out, new Tensor[] {range(6, 2, 3), range(6, 2, 3)}, 0);
        assertArrayEquals(new long[] {1, 4}, out.strides());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}, out.toFloatArray());
        Tensor small = Torch.zeros(5);
        List<String> warnings = Warnings.capture(() -> Torch.cat_out(small, new Tensor[] {range(2, 2), range(2, 2)}, 0));
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("An output with one or more elements was resized since it had shape [5]"));
        assertArrayEquals(new float[] {0, 1, 0, 1}, small.toFloatArray());
    }

    @Test
    void failingCatOutWritesNothing() {
        Tensor longs = Torch.zeros(new long[] {0}, ScalarType.Int64);
        assertEquals("torch.cat(): input types can't be cast to the desired output type Long",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.cat_out(longs, new Tensor[] {range(2, 2), range(2, 2)}, 0)).getMessage());
        assertArrayEquals(new long[] {0}, longs.sizes());
        Tensor x = range(6, 2, 3);
        assertEquals(OVERLAP, assertThrows(IllegalArgumentException.class,
                () -> Torch.cat_out(x, new Tensor[] {x, x}, 0)).getMessage());
        assertArrayEquals(new long[] {2, 3}, x.sizes());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5}, x.toFloatArray());
        assertEquals("Tensors must have same number of dimensions: got 2 and 1", assertThrows(
                IllegalArgumentException.class, () -> Torch.cat(new Tensor[] {x, range(2, 2)}, 0)).getMessage());
        assertEquals("torch.cat(): expected a non-empty list of Tensors",
                assertThrows(IllegalArgumentException.class, () -> Torch.cat(new Tensor[0])).getMessage());
    }

    @Test
    void stackInsertsTheNewDimensionAnywhere() {
        Tensor a = range(6, 2, 3);
        Tensor b = Torch.ones(new long[] {2, 3}, ScalarType.Float64);
        Tensor s0 = Torch.stack(new Tensor[] {a, b});
        assertEquals(ScalarType.Float64, s0.dtype());
        assertArrayEquals(new long[] {2, 2, 3}, s0.sizes());
        Tensor s2 = Torch.stack(new Tensor[] {a, b}, -1);
        assertArrayEquals(new long[] {2, 3, 2}, s2.sizes());
        assertArrayEquals(new double[] {0, 1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 1}, s2.toDoubleArray());
        Tensor scalars = Torch.stack(new Tensor[] {Torch.scalarTensor(Scalar.of(1.5)), Torch.scalarTensor(Scalar.of(2.5))});
        assertArrayEquals(new float[] {1.5f, 2.5f}, scalars.toFloatArray());
        assertEquals("stack expects each tensor to be equal size, but got [2, 3] at entry 0 and [3, 2] at entry 1",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.stack(new Tensor[] {a, a.transpose(0, 1)}, 2)).getMessage());
    }

    @Test
    void stackOutChecksBeforeResizing() {
        Tensor out = Torch.zeros(new long[] {5}, ScalarType.Int64);
        assertEquals("torch.cat(): input types can't be cast to the desired output type Long",
                assertThrows(IllegalArgumentException.class,
                        () -> Torch.stack_out(out, new Tensor[] {range(6, 2, 3), range(6, 2, 3)}, 1)).getMessage());
        assertArrayEquals(new long[] {5}, out.sizes());
        Tensor x = range(6, 2, 3);
        assertEquals(OVERLAP, assertThrows(IllegalArgumentException.class,
                () -> Torch.stack_out(x, new Tensor[] {x, x}, 0)).getMessage());
        assertArrayEquals(new long[] {2, 3}, x.sizes());
        // a correctly sized out whose strides no cat view fits goes the unsqueeze-and-cat way
        Tensor permuted = Torch.zeros(2, 3, 2).permute(2, 0, 1);
        assertSame(permuted, Torch.stack_out(permuted, new Tensor[] {range(6, 2, 3), range(6, 2, 3)}, 0));
        assertArrayEquals(new long[] {1, 6, 2}, permuted.strides());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5}, permuted.toFloatArray());
    }
}
