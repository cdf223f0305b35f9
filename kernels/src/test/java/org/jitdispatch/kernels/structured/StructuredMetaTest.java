package org.jitdispatch.kernels.structured;

import static org.jitdispatch.runtime.ScalarType.Float32;
import static org.jitdispatch.runtime.ScalarType.Int64;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;
import org.junit.jupiter.api.Test;

class StructuredMetaTest {
    private static final TensorFactory<TensorImpl> F = TensorFactory.IMPL;

    private static long[] s(long... v) {
        return v;
    }

    private static TensorImpl filled(long[] sizes, float... values) {
        return F.fromArray(values, sizes);
    }

    // ---- functional ----

    @Test
    void functionalAllocatesAtSetOutput() {
        StructuredMeta op = StructuredMeta.functional(F);
        assertNull(op.maybeGetOutput(0));
        op.setOutputRawStrided(0, s(2, 3), null, Float32, Device.CPU);
        TensorImpl out = op.maybeGetOutput(0);
        assertArrayEquals(s(2, 3), out.sizes());
        assertArrayEquals(s(3, 1), out.strides());
        op.setOutputRawStrided(1, s(2, 3), s(1, 2), Int64, Device.CPU);
        assertArrayEquals(s(1, 2), op.output(1).strides());
        assertEquals(Int64, op.output(1).dtype());
        op.commit();
        assertEquals(2, op.outputCount());
    }

    @Test
    void functionalOnMetaAllocatesNoStorage() {
        StructuredMeta op = StructuredMeta.functional(F);
        op.setOutputContiguous(0, s(4, 5), Float32, Device.META);
        assertTrue(op.output(0).isMeta());
        assertNull(op.output(0).storage());
        assertArrayEquals(s(5, 1), op.output(0).strides());
    }

    @Test
    void commitRequiresEveryOutputDeclared() {
        StructuredMeta op = StructuredMeta.functional(F);
        op.setOutputRawStrided(1, s(2), null, Float32, Device.CPU);
        IllegalStateException e = assertThrows(IllegalStateException.class, op::commit);
        assertTrue(e.getMessage().startsWith("Output 0 of this structured kernel has not been set"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> StructuredMeta.functional(F).output(0));
    }

    // ---- inplace ----

    @Test
    void inplaceChecksDtypeDeviceAndSizesInTorchgensOrder() {
        TensorImpl self = F.empty(s(2, 3), Float32, Device.CPU);
        StructuredMeta op = StructuredMeta.inplace(F, self);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> op.setOutputRawStrided(0, s(3), null, Int64, Device.META));
        assertEquals("Bad in-place call: input tensor dtype float and output tensor dtype long int should match",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> op.setOutputRawStrided(0, s(3), null, Float32, Device.META));
        assertEquals("Bad in-place call: input tensor device cpu and output tensor device meta should match",
                e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> op.setOutputRawStrided(0, s(3), null, Float32, Device.CPU));
        assertEquals("Bad in-place call: input tensor size [2, 3] and output tensor size [3] should match", e.getMessage());
        op.setOutputRawStrided(0, s(2, 3), null, Float32, Device.CPU);
        op.commit();
        assertSame(self, op.output(0));
    }

    // ---- out= ----

    @Test
    void outChecksDtypeAndDevice() {
        StructuredMeta op = StructuredMeta.out(F, F.empty(s(2), Int64, Device.CPU));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> op.setOutputRawStrided(0, s(2), null, Float32, Device.CPU));
        assertEquals("Expected out tensor to have dtype float, but got long int instead", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> op.setOutputRawStrided(0, s(2), null, Int64, Device.META));
        assertEquals("Expected out tensor to have device meta, but got cpu instead", e.getMessage());
    }

    @Test
    void outIsResizedOnlyAtCommitWithTheDeprecationWarning() {
        TensorImpl out = filled(s(3), 1, 2, 3);
        StructuredMeta op = StructuredMeta.out(F, out);
        List<String> during = Warnings.capture(() -> op.setOutputRawStrided(0, s(2, 2), s(1, 2), Float32, Device.CPU));
        assertEquals(List.of(), during);
        assertArrayEquals(s(3), out.sizes());
        List<String> warnings = Warnings.capture(op::commit);
        assertEquals(1, warnings.size());
        assertEquals("An output with one or more elements was resized since it had shape [3], which does not match the"
                + " required output shape [2, 2]. This behavior is deprecated, and in a future PyTorch release outputs"
                + " will not be resized unless they have zero elements. You can explicitly reuse an out tensor t by"
                + " resizing it, inplace, to zero elements with t.resize_(0).", warnings.get(0));
        assertArrayEquals(s(2, 2), out.sizes());
        assertArrayEquals(s(1, 2), out.strides(), "restrided as declared because it was resized");
        assertSame(out, op.output(0));
    }

    @Test
    void emptyOutIsResizedWithoutWarningAndKeepsItsOffset() {
        TensorImpl base = filled(s(4), 1, 2, 3, 4);
        TensorImpl out = base.asStrided(s(0), s(1), 2);
        StructuredMeta op = StructuredMeta.out(F, out);
        op.setOutputContiguous(0, s(3), Float32, Device.CPU);
        assertEquals(List.of(), Warnings.capture(op::commit));
        assertArrayEquals(s(3), out.sizes());
        assertEquals(2, out.storageOffset());
        assertSame(out, op.output(0), "a resized output needs no proxy");
    }

    @Test
    void correctlySizedOutKeepsItsStridesForRawStridedOutputs() {
        TensorImpl out = F.emptyStrided(s(2, 3), s(1, 2), Float32, Device.CPU);
        StructuredMeta op = StructuredMeta.out(F, out);
        op.setOutputRawStrided(0, s(2, 3), s(3, 1), Float32, Device.CPU);
        op.commit();
        assertArrayEquals(s(1, 2), out.strides());
        assertSame(out, op.output(0));
    }

    @Test
    void contiguousOutputIntoANonContiguousOutGoesThroughAProxy() {
        TensorImpl out = F.emptyStrided(s(2, 3), s(1, 2), Float32, Device.CPU);
        StructuredMeta op = StructuredMeta.out(F, out);
        op.setOutputContiguous(0, s(2, 3), Float32, Device.CPU);
        op.commit();
        TensorImpl proxy = op.output(0);
        assertNotSame(out, proxy);
        assertArrayEquals(s(3, 1), proxy.strides());
        // The impl writes the proxy contiguously...
        float[] data = proxy.storage().floats();
        for (int i = 0; i < 6; i++) {
            data[i] = i + 1;
        }
        // ...and finish() copies it into the caller's tensor, in logical order.
        op.finish();
        assertArrayEquals(new float[] {1, 2, 3, 4, 5, 6}, out.toFloatArray());
        assertArrayEquals(s(1, 2), out.strides());
    }

    @Test
    void failedMetaLeavesOutUntouched() {
        TensorImpl out = filled(s(3), 7, 8, 9);
        StructuredMeta op = StructuredMeta.out(F, out);
        List<String> warnings = Warnings.capture(() -> assertThrows(IllegalArgumentException.class, () -> {
            op.setOutputRawStrided(0, s(2, 5), null, Float32, Device.CPU);
            throw new IllegalArgumentException("meta rejected an argument after declaring its output");
        }));
        assertEquals(List.of(), warnings);
        assertArrayEquals(s(3), out.sizes());
        assertArrayEquals(s(1), out.strides());
        assertEquals(3, out.storage().size());
        assertArrayEquals(new float[] {7, 8, 9}, out.toFloatArray());
    }

    @Test
    void metaOutIsResizedLikeAnyOther() {
        TensorImpl out = F.empty(s(0), Float32, Device.META);
        StructuredMeta op = StructuredMeta.out(F, out);
        op.setOutputRawStrided(0, s(2, 3), s(1, 2), Float32, Device.META);
        op.commit();
        assertArrayEquals(s(2, 3), out.sizes());
        assertArrayEquals(s(1, 2), out.strides());
        op.finish();
    }

    @Test
    void protocolMisuseIsReported() {
        StructuredMeta op = StructuredMeta.out(F, F.empty(s(2), Float32, Device.CPU));
        assertThrows(IllegalStateException.class, op::finish);
        assertThrows(IndexOutOfBoundsException.class, () -> op.setOutputRawStrided(1, s(2), null, Float32, Device.CPU));
        op.setOutputRawStrided(0, s(2), null, Float32, Device.CPU);
        op.commit();
        assertThrows(IllegalStateException.class, () -> op.setOutputRawStrided(0, s(3), null, Float32, Device.CPU));
    }
}
