package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchTable;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.junit.jupiter.api.Test;

/** Factories: dtype inference, the device argument, memory formats, and out= variants that fail cleanly. */
class FactoriesTest {
    @Test
    void factoriesPickTheirBackendThroughBackendSelect() {
        AtenLibrary.load();
        Dispatcher d = Dispatcher.singleton();
        DispatchTable empty = d.findSchemaOrThrow("aten::empty.memory_format").table();
        assertEquals(DispatchTable.Source.KERNEL, empty.entry(DispatchKey.CPU).source());
        assertEquals(DispatchTable.Source.KERNEL, empty.entry(DispatchKey.Meta).source());
        assertEquals(DispatchTable.Source.KERNEL, empty.entry(DispatchKey.BackendSelect).source(),
                "the generated BackendSelect kernel, not the fallthrough fallback");
        assertTrue((empty.nonFallthroughKeys() & DispatchKey.BackendSelect.bit()) != 0);
        assertEquals(DispatchTable.Source.KERNEL,
                d.findSchemaOrThrow("aten::zeros").table().entry(DispatchKey.BackendSelect).source());
        assertTrue(Torch.zeros(new long[] {2, 3}, null, null, Device.META, null).isMeta());
        NotImplementedError lazy = assertThrows(NotImplementedError.class,
                () -> Torch.empty(new long[] {2}, null, null, Device.LAZY, null, null));
        assertTrue(lazy.getMessage().startsWith("Could not run 'aten::empty.memory_format' with arguments from the"
                + " 'Lazy' backend."), lazy.getMessage());
    }

    @Test
    void dtypesAreInferredAsPyTorchDoes() {
        assertEquals(ScalarType.Float32, Torch.zeros(2).dtype());
        assertEquals(ScalarType.Float32, Torch.ones(2).dtype());
        assertEquals(ScalarType.Int64, Torch.full(new long[] {2}, Scalar.of(2L)).dtype());
        assertEquals(ScalarType.Float32, Torch.full(new long[] {2}, Scalar.of(2.5)).dtype());
        assertEquals(ScalarType.Bool, Torch.full(new long[] {2}, Scalar.of(true)).dtype());
        assertEquals(ScalarType.Int64, Torch.arange(Scalar.of(true)).dtype());
        assertEquals(ScalarType.Float32, Torch.arange(Scalar.of(2.5)).dtype());
        assertEquals(ScalarType.Float32, Torch.arange(Scalar.of(0L), Scalar.of(2L), Scalar.of(0.5)).dtype());
        assertEquals(ScalarType.Int32, Torch.zeros_like(Torch.zeros(new long[] {2}, ScalarType.Int32)).dtype());
    }

    @Test
    void valuesOfRangesAndFills() {
        assertArrayEquals(new long[] {-3, -1, 1}, Torch.arange(Scalar.of(-3L), Scalar.of(3L), Scalar.of(2L)).toLongArray());
        assertArrayEquals(new int[] {10, 7, 4, 1},
                Torch.arange(Scalar.of(10L), Scalar.of(0L), Scalar.of(-3L), ScalarType.Int32).toIntArray());
        assertArrayEquals(new float[] {0f, 1.5f, 3f, 4.5f},
                Torch.arange(Scalar.of(0L), Scalar.of(5L), Scalar.of(1.5)).toFloatArray());
        assertArrayEquals(new int[] {0, 1, 2, 3}, Torch.arange(Scalar.of(3.5), ScalarType.Int32).toIntArray());
        assertArrayEquals(new double[] {2.5, 2.5}, Torch.full(new long[] {2}, Scalar.of(2.5), ScalarType.Float64).toDoubleArray());
        assertArrayEquals(new int[] {2, 2}, Torch.full(new long[] {2}, Scalar.of(2.9), ScalarType.Int32).toIntArray());
        assertArrayEquals(new boolean[] {true, true}, Torch.ones(new long[] {2}, ScalarType.Bool).toBooleanArray());
    }

    @Test
    void rangeAndValueErrorsUsePyTorchsMessages() {
        assertEquals("step must be nonzero", assertThrows(IllegalArgumentException.class,
                () -> Torch.arange(Scalar.of(1L), Scalar.of(2.5), Scalar.of(0.5), ScalarType.Int32)).getMessage());
        assertEquals("unsupported range: 0.5 -> inf", assertThrows(IllegalArgumentException.class,
                () -> Torch.arange(Scalar.of(0.5), Scalar.of(Double.POSITIVE_INFINITY))).getMessage());
        assertEquals("value cannot be converted to type int64_t without overflow", assertThrows(IllegalArgumentException.class,
                () -> Torch.arange(Scalar.of(1L), Scalar.of(Double.POSITIVE_INFINITY), ScalarType.Int64)).getMessage());
        assertEquals("invalid size, possible overflow?", assertThrows(IllegalArgumentException.class,
                () -> Torch.arange(Scalar.of(0.1), Scalar.of(1e7), Scalar.of(1e-30))).getMessage());
        assertEquals("\"arange_cpu\" not implemented for 'Bool'", assertThrows(IllegalArgumentException.class,
                () -> Torch.arange(Scalar.of(3L), ScalarType.Bool)).getMessage());
        assertEquals("value cannot be converted to type float without overflow", assertThrows(IllegalArgumentException.class,
                () -> Torch.full(new long[] {2}, Scalar.of(1e300))).getMessage());
        assertEquals("full(...) is not implemented for sparse layout", assertThrows(IllegalArgumentException.class,
                () -> Torch.full(new long[] {2}, Scalar.of(1L), null, Layout.Sparse)).getMessage());
        assertEquals("Storage size calculation overflowed with sizes=[2, 3] and strides=[-1, 1]",
                assertThrows(IllegalArgumentException.class, () -> Torch.empty_strided(new long[] {2, 3}, -1, 1)).getMessage());
        assertEquals("required rank 4 tensor to use channels_last format", assertThrows(IllegalArgumentException.class,
                () -> Torch.empty(new long[] {2, 3}, null, null, null, null, MemoryFormat.ChannelsLast)).getMessage());
        assertEquals("unsupported memory format Preserve", assertThrows(IllegalArgumentException.class,
                () -> Torch.empty(new long[] {2, 3}, null, null, null, null, MemoryFormat.Preserve)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> Torch.zeros(new long[] {2}, null, null, null, true)).getMessage().startsWith("Pinned memory requires CUDA."));
    }

    @Test
    void devicesOtherThanCpuAndMetaHaveNoFactoryKernel() {
        NotImplementedError e = assertThrows(NotImplementedError.class,
                () -> Torch.zeros(new long[] {2}, null, null, Device.LAZY, null));
        assertTrue(e.getMessage().startsWith("Could not run 'aten::empty.memory_format' with arguments from the 'Lazy'"
                + " backend"), e.getMessage());
    }

    @Test
    void memoryFormatsOfEmptyAndTheLikeFactories() {
        assertArrayEquals(new long[] {60, 1, 15, 3},
                Torch.empty(new long[] {2, 3, 4, 5}, null, null, null, null, MemoryFormat.ChannelsLast).strides());
        assertArrayEquals(new long[] {0, 1, 0, 0},
                Torch.empty(new long[] {2, 0, 4, 5}, null, null, null, null, MemoryFormat.ChannelsLast).strides());
        assertArrayEquals(new long[] {360, 1, 90, 18, 3},
                Torch.empty(new long[] {2, 3, 4, 5, 6}, null, null, null, null, MemoryFormat.ChannelsLast3d).strides());
        Tensor channelsLast = Torch.empty(new long[] {2, 3, 4, 5}, null, null, null, null, MemoryFormat.ChannelsLast);
        // a strided slice is not dense: empty_like keeps its dimension order with dense strides
        assertArrayEquals(new long[] {30, 1, 15, 3}, Torch.empty_like(channelsLast.slice(2, null, null, 2)).strides());
        assertArrayEquals(new long[] {3, 1}, Torch.empty_like(Torch.zeros(3, 2).transpose(0, 1).slice(0, 0L, 1L, 1)
                .expand(4, 3)).strides());
    }

    @Test
    void outVariantsResizeLikeResizeUnderscore() {
        Tensor out = Torch.full(new long[] {3, 2}, Scalar.of(7.0)).transpose(0, 1);
        assertSame(out, Torch.zeros_out(out, 2, 3));
        assertArrayEquals(new long[] {1, 2}, out.strides(), "same sizes: the strides stay");
        assertArrayEquals(new float[6], out.toFloatArray());
        assertSame(out, Torch.ones_out(out, 4));
        assertArrayEquals(new long[] {1}, out.strides());
        assertArrayEquals(new float[] {1, 1, 1, 1}, out.toFloatArray());
        assertEquals("'memory_format' argument is incompatible with 'out' tensor argument", assertThrows(
                IllegalArgumentException.class, () -> Torch.empty_out(out, new long[] {2}, MemoryFormat.Contiguous))
                .getMessage());
    }

    @Test
    void failingOutVariantsLeaveOutUntouched() {
        Tensor out = Torch.tensor(new int[] {1, 2, 3});
        assertEquals("value cannot be converted to type int without overflow", assertThrows(IllegalArgumentException.class,
                () -> Torch.full_out(out, new long[] {2, 2}, Scalar.of(3e9))).getMessage());
        assertEquals("numel: integer multiplication overflow", assertThrows(
                IllegalArgumentException.class, () -> Torch.zeros_out(out, 2, -1)).getMessage());
        assertEquals("Trying to create tensor with negative dimension -1: [2, -1]", assertThrows(
                IllegalArgumentException.class, () -> Torch.empty_out(out, 2, -1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> Torch.arange_out(out, Scalar.of(0L), Scalar.of(5L), Scalar.of(0L)));
        assertArrayEquals(new long[] {3}, out.sizes());
        assertArrayEquals(new int[] {1, 2, 3}, out.toIntArray());
    }

    @Test
    void arangeOutWarnsWhenItResizesAndKeepsAMatchingShape() {
        Tensor out = Torch.zeros(3, 2);
        List<String> warnings = Warnings.capture(() -> Torch.arange_out(out, Scalar.of(8L)));
        assertEquals(List.of("The number of elements in the out tensor of shape [3, 2] is 6 which does not match the"
                + " computed number of elements 8. Note that this may occur as a result of rounding error. The out tensor"
                + " will be resized to a tensor of shape (8,)."), warnings);
        assertArrayEquals(new long[] {8}, out.sizes());
        Tensor transposed = Torch.zeros(4, 2).transpose(0, 1);
        assertTrue(Warnings.capture(() -> Torch.arange_out(transposed, Scalar.of(8L))).isEmpty());
        assertArrayEquals(new long[] {1, 2}, transposed.strides());
        assertArrayEquals(new float[] {0, 1, 2, 3, 4, 5, 6, 7}, transposed.toFloatArray());
    }
}
