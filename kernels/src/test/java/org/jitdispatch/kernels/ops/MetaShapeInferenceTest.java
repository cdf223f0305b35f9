package org.jitdispatch.kernels.ops;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.junit.jupiter.api.Test;

/** Shapes, strides and dtypes of meta tensors, which have no storage, through factories, views and cat/stack. */
class MetaShapeInferenceTest {
    private static final Device META = Device.META;

    private static Tensor meta(long... sizes) {
        return Torch.empty(sizes, null, null, META, null, null);
    }

    private static void assertMeta(Tensor t, ScalarType dtype, long[] sizes, long[] strides) {
        assertTrue(t.isMeta(), t + " is a meta tensor");
        assertNull(t.storage());
        assertEquals(dtype, t.dtype());
        assertArrayEquals(sizes, t.sizes(), "sizes");
        assertArrayEquals(strides, t.strides(), "strides");
    }

    @Test
    void factoriesWithDeviceMetaMakeMetaTensors() {
        assertMeta(meta(2, 3), ScalarType.Float32, new long[] {2, 3}, new long[] {3, 1});
        assertMeta(Torch.zeros(new long[] {4}, ScalarType.Int32, null, META, null), ScalarType.Int32, new long[] {4},
                new long[] {1});
        assertMeta(Torch.ones(new long[] {2, 2}, null, null, META, null), ScalarType.Float32, new long[] {2, 2},
                new long[] {2, 1});
        // full infers int64 from an integer value; fill_ on meta does not check the value
        assertMeta(Torch.full(new long[] {3}, Scalar.of(7L), null, null, META, null), ScalarType.Int64, new long[] {3},
                new long[] {1});
        assertMeta(Torch.full(new long[] {3}, Scalar.of(3e9), ScalarType.Int32, null, META, null), ScalarType.Int32,
                new long[] {3}, new long[] {1});
        assertMeta(Torch.empty_strided(new long[] {2, 3}, new long[] {1, 2}, null, null, META, null), ScalarType.Float32,
                new long[] {2, 3}, new long[] {1, 2});
        assertMeta(Torch.empty(new long[] {2, 3, 4, 5}, null, null, META, null, MemoryFormat.ChannelsLast),
                ScalarType.Float32, new long[] {2, 3, 4, 5}, new long[] {60, 1, 15, 3});
        // arange checks and sizes its range on meta too
        assertMeta(Torch.arange(Scalar.of(0.5), Scalar.of(2.5), Scalar.of(0.5), null, null, META, null),
                ScalarType.Float32, new long[] {4}, new long[] {1});
        assertMeta(Torch.arange(Scalar.of(10L), null, null, META, null), ScalarType.Int64, new long[] {10},
                new long[] {1});
        assertEquals("upper bound and larger bound inconsistent with step sign", assertThrows(
                IllegalArgumentException.class, () -> Torch.arange(Scalar.of(-1L), null, null, META, null)).getMessage());
    }

    @Test
    void likeFactoriesCloneAndConversionsKeepTheMetaDevice() {
        Tensor t = meta(2, 3).transpose(0, 1);
        assertMeta(Torch.zeros_like(t), ScalarType.Float32, new long[] {3, 2}, new long[] {1, 3});
        assertMeta(Torch.ones_like(t, ScalarType.Float64), ScalarType.Float64, new long[] {3, 2}, new long[] {1, 3});
        assertMeta(Torch.empty_like(t, null, null, null, null, MemoryFormat.Contiguous), ScalarType.Float32,
                new long[] {3, 2}, new long[] {2, 1});
        assertMeta(t.clone(), ScalarType.Float32, new long[] {3, 2}, new long[] {1, 3});
        assertMeta(t.contiguous(), ScalarType.Float32, new long[] {3, 2}, new long[] {2, 1});
        assertMeta(t.to(ScalarType.Int64), ScalarType.Int64, new long[] {3, 2}, new long[] {1, 3});
        // copies into meta tensors are ignored; copies out of them have no data to copy
        Tensor cpu = Torch.ones(3, 2);
        assertSame(t, t.copy_(cpu));
        assertEquals("Cannot copy out of meta tensor; no data!",
                assertThrows(NotImplementedError.class, () -> cpu.copy_(t)).getMessage());
        assertSame(t, t.fill_(Scalar.of(1L)).zero_());
    }

    /** A small MLP's shapes: flatten images, concatenate features, two linear-like reshapes, stack heads. */
    @Test
    void anMlpLikeChainInfersShapesOnMeta() {
        long batch = 8;
        Tensor images = meta(batch, 3, 4, 4);
        Tensor flat = images.flatten(1);
        assertMeta(flat, ScalarType.Float32, new long[] {8, 48}, new long[] {48, 1});
        Tensor extra = Torch.zeros(new long[] {batch, 16}, null, null, META, null);
        Tensor features = Torch.cat(new Tensor[] {flat, extra}, 1);
        assertMeta(features, ScalarType.Float32, new long[] {8, 64}, new long[] {64, 1});
        Tensor hidden = features.reshape(batch, 4, 16).transpose(1, 2);
        assertMeta(hidden, ScalarType.Float32, new long[] {8, 16, 4}, new long[] {64, 1, 16});
        // a reshape no view can do copies (clone on meta) and still infers the shape
        Tensor merged = hidden.reshape(batch, -1);
        assertMeta(merged, ScalarType.Float32, new long[] {8, 64}, new long[] {64, 1});
        Tensor heads = Torch.stack(new Tensor[] {merged.narrow(1, 0, 32), merged.narrow(1, 32, 32)}, 1);
        assertMeta(heads, ScalarType.Float32, new long[] {8, 2, 32}, new long[] {64, 32, 1});
        Tensor logits = heads.select(1, 0).unsqueeze(-1).expand(8, 32, 10).slice(2, 0L, 10L, 3);
        assertMeta(logits, ScalarType.Float32, new long[] {8, 32, 4}, new long[] {64, 1, 0});
        Tensor scores = Torch.cat(new Tensor[] {logits.to(ScalarType.Float64), Torch.zeros_like(logits, ScalarType.Int32)}, 2);
        assertMeta(scores, ScalarType.Float64, new long[] {8, 32, 8}, new long[] {256, 8, 1});
        assertEquals("Sizes of tensors must match except in dimension 1. Expected size 8 but got size 7 for tensor number"
                + " 1 in the list.", assertThrows(IllegalArgumentException.class,
                        () -> Torch.cat(new Tensor[] {flat, meta(7, 16)}, 1)).getMessage());
    }

    @Test
    void catOutOnMetaResizesTheOutTensor() {
        Tensor out = meta(0);
        assertSame(out, Torch.cat_out(out, new Tensor[] {meta(2, 3), meta(1, 3)}, 0));
        assertMeta(out, ScalarType.Float32, new long[] {3, 3}, new long[] {3, 1});
        Tensor stacked = meta(0);
        Torch.stack_out(stacked, new Tensor[] {meta(2, 3), meta(2, 3)}, 2);
        assertMeta(stacked, ScalarType.Float32, new long[] {2, 3, 2}, new long[] {6, 2, 1});
    }
}
