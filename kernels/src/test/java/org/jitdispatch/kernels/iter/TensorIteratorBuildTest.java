package org.jitdispatch.kernels.iter;

import static org.jitdispatch.kernels.iter.TestTensors.F;
import static org.jitdispatch.kernels.iter.TestTensors.columnMajor;
import static org.jitdispatch.kernels.iter.TestTensors.contiguous;
import static org.jitdispatch.kernels.iter.TestTensors.laidOut;
import static org.jitdispatch.kernels.iter.TestTensors.range;
import static org.jitdispatch.runtime.ScalarType.Bool;
import static org.jitdispatch.runtime.ScalarType.Float32;
import static org.jitdispatch.runtime.ScalarType.Float64;
import static org.jitdispatch.runtime.ScalarType.Int32;
import static org.jitdispatch.runtime.ScalarType.Int64;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.TensorImpl;
import org.junit.jupiter.api.Test;

/** Building: shapes, dtypes, devices, output layout and the structured modes. No data is computed here. */
class TensorIteratorBuildTest {
    private static long[] s(long... v) {
        return v;
    }

    private static TensorIterator binary(TensorImpl a, TensorImpl b) {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryOp(iter.maybeGetOutput(0), a, b);
        iter.commit();
        return iter;
    }

    // ---- shapes ----

    @Test
    void broadcastShapes() {
        assertArrayEquals(s(2, 3), binary(F.empty(s(2, 3), Float32, Device.CPU), F.empty(s(3), Float32, Device.CPU))
                .output(0).sizes());
        assertArrayEquals(s(4, 2, 3), binary(F.empty(s(4, 1, 3), Float32, Device.CPU), F.empty(s(2, 1), Float32, Device.CPU))
                .output(0).sizes());
        assertArrayEquals(s(0, 3), binary(F.empty(s(0, 1), Float32, Device.CPU), F.empty(s(3), Float32, Device.CPU))
                .output(0).sizes());
        assertArrayEquals(s(2, 3), binary(F.empty(s(), Float32, Device.CPU), F.empty(s(2, 3), Float32, Device.CPU))
                .output(0).sizes());
        TensorIterator scalars = binary(F.empty(s(), Float32, Device.CPU), F.empty(s(), Float32, Device.CPU));
        assertArrayEquals(s(), scalars.output(0).sizes());
        assertEquals(0, scalars.ndim());
        assertEquals(1, scalars.numel());
    }

    @Test
    void broadcastErrorText() {
        TensorIterator iter = TensorIterator.functional(F);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> iter.buildBinaryOp(null, F.empty(s(2, 3), Float32, Device.CPU), F.empty(s(2, 4), Float32, Device.CPU)));
        assertEquals("The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
                e.getMessage());
    }

    // ---- dtypes ----

    @Test
    void binaryOpPromotes() {
        assertEquals(Float64, binary(F.empty(s(2), Int32, Device.CPU), F.scalarTensor(Scalar.of(1.5), Float64))
                .output(0).dtype());
        assertEquals(Int32, binary(F.empty(s(2), Bool, Device.CPU), F.empty(s(2), Int32, Device.CPU)).output(0).dtype());
        assertEquals(Int64, binary(F.empty(s(2), Int64, Device.CPU), F.empty(s(2), Int32, Device.CPU)).commonDtype());
        TensorIterator withScalar = TensorIterator.functional(F);
        withScalar.buildBinaryOp(null, F.empty(s(2), Int64, Device.CPU), Scalar.of(2.5));
        assertEquals(Float32, withScalar.output(0).dtype());
        TensorIterator intScalar = TensorIterator.functional(F);
        intScalar.buildBinaryOp(null, F.empty(s(2), Int32, Device.CPU), Scalar.of(7));
        assertEquals(Int32, intScalar.output(0).dtype());
    }

    @Test
    void binaryFloatOpMakesIntegersFloat32() {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryFloatOp(null, F.empty(s(2), Int64, Device.CPU), F.empty(s(2), Int32, Device.CPU));
        assertEquals(Float32, iter.commonDtype());
        assertEquals(Float32, iter.output(0).dtype());
        TensorIterator doubles = TensorIterator.functional(F);
        doubles.buildBinaryFloatOp(null, F.empty(s(2), Int64, Device.CPU), F.empty(s(2), Float64, Device.CPU));
        assertEquals(Float64, doubles.output(0).dtype());
    }

    @Test
    void comparisonOpAllocatesBoolAndKeepsAGivenOutputsDtype() {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildComparisonOp(null, F.empty(s(2), Int64, Device.CPU), F.empty(s(2), Float32, Device.CPU));
        assertEquals(Bool, iter.output(0).dtype());
        assertEquals(Float32, iter.commonDtype());
        TensorImpl out = F.empty(s(2), Float64, Device.CPU);
        TensorIterator outIter = TensorIterator.out(F, out);
        outIter.buildComparisonOp(out, F.empty(s(2), Int64, Device.CPU), F.empty(s(2), Int64, Device.CPU));
        assertSame(out, outIter.output(0));
        assertEquals(Int64, outIter.commonDtype());
    }

    @Test
    void unaryOpRequiresOneDtype() {
        TensorImpl out = F.empty(s(2), Int64, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> iter.buildUnaryOp(out, F.empty(s(2), Float32, Device.CPU)));
        assertEquals("Found dtype Long but expected Float", e.getMessage());
    }

    @Test
    void unaryFloatOpAndTernaryOp() {
        TensorIterator sqrt = TensorIterator.functional(F);
        sqrt.buildUnaryFloatOp(null, F.empty(s(3), Bool, Device.CPU));
        assertEquals(Float32, sqrt.output(0).dtype());
        TensorIterator clamp = TensorIterator.functional(F);
        clamp.buildTernaryOp(null, F.empty(s(2, 3), Int32, Device.CPU), F.empty(s(3), Int64, Device.CPU),
                F.scalarTensor(Scalar.of(1.0), Float64));
        assertEquals(Float64, clamp.output(0).dtype());
        assertArrayEquals(s(2, 3), clamp.output(0).sizes());
    }

    @Test
    void outputThatCannotHoldTheResultIsRejected() {
        TensorImpl out = F.empty(s(2), Int64, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> iter.buildBinaryOp(out, F.empty(s(2), Float32, Device.CPU), F.empty(s(2), Int64, Device.CPU)));
        assertEquals("result type Float can't be cast to the desired output type Long", e.getMessage());
        TensorImpl boolOut = F.empty(s(2), Bool, Device.CPU);
        TensorIterator boolIter = TensorIterator.out(F, boolOut);
        e = assertThrows(IllegalArgumentException.class,
                () -> boolIter.buildBinaryOp(boolOut, F.empty(s(2), Int32, Device.CPU), F.empty(s(2), Int32, Device.CPU)));
        assertEquals("result type Int can't be cast to the desired output type Bool", e.getMessage());
    }

    @Test
    void wideningOutputIsAccepted() {
        TensorImpl out = F.empty(s(2), Float64, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        iter.buildBinaryOp(out, F.empty(s(2), Int32, Device.CPU), F.empty(s(2), Float32, Device.CPU));
        assertEquals(Float32, iter.commonDtype());
        assertEquals(Float64, iter.dtype(0));
    }

    // ---- in-place ----

    @Test
    void inplaceCannotBroadcastSelf() {
        TensorImpl self = F.empty(s(3), Float32, Device.CPU);
        TensorIterator iter = TensorIterator.inplace(F, self);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> iter.buildBinaryOp(iter.maybeGetOutput(0), self, F.empty(s(2, 3), Float32, Device.CPU)));
        assertEquals("output with shape [3] doesn't match the broadcast shape [2, 3]", e.getMessage());
    }

    @Test
    void inplaceResultMustBeCastableToSelf() {
        TensorImpl self = F.empty(s(3), Int64, Device.CPU);
        TensorIterator iter = TensorIterator.inplace(F, self);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> iter.buildBinaryOp(self, self, F.empty(s(3), Float32, Device.CPU)));
        assertEquals("result type Float can't be cast to the desired output type Long", e.getMessage());
        // An integer Scalar keeps the tensor's dtype.
        TensorIterator ok = TensorIterator.inplace(F, self);
        ok.buildBinaryOp(self, self, Scalar.of(3));
        assertEquals(Int64, ok.commonDtype());
    }

    // ---- output layout ----

    @Test
    void transposedInputsGiveColumnMajorOutput() {
        TensorImpl a = columnMajor(Float32, 2, 3, 0, range(6, 0, 1));
        TensorImpl b = columnMajor(Float32, 2, 3, 0, range(6, 0, 1));
        assertArrayEquals(s(1, 2), binary(a, b).output(0).strides());
        // The general path (different offsets are fine; different strides are not the fast path).
        TensorImpl c = laidOut(Float32, s(2, 3), s(1, 4), 1, range(6, 0, 1));
        assertArrayEquals(s(1, 2), binary(a, c).output(0).strides());
    }

    @Test
    void firstInputDecidesWhenLayoutsDisagree() {
        TensorImpl rowMajor = contiguous(Float32, s(2, 3), range(6, 0, 1));
        TensorImpl colMajor = columnMajor(Float32, 2, 3, 0, range(6, 0, 1));
        assertArrayEquals(s(3, 1), binary(rowMajor, colMajor).output(0).strides());
        assertArrayEquals(s(1, 2), binary(colMajor, rowMajor).output(0).strides());
    }

    @Test
    void broadcastInputDoesNotDecide() {
        // b is broadcast along dim 0 (stride 0), so it cannot order the dims: a decides, in either position.
        TensorImpl a = columnMajor(Float32, 4, 3, 0, range(12, 0, 1));
        TensorImpl b = contiguous(Float32, s(3), 1, 2, 3);
        assertArrayEquals(s(1, 4), binary(b, a).output(0).strides());
        assertArrayEquals(s(1, 4), binary(a, b).output(0).strides());
        // A row vector broadcast against a column-major matrix, the other way round.
        TensorImpl col = laidOut(Float32, s(4, 1), s(1, 1), 0, range(4, 0, 1));
        assertArrayEquals(s(1, 4), binary(col, a).output(0).strides());
    }

    @Test
    void permutedDenseInputsShareTheirStrides() {
        // A 3-d tensor permuted (2, 0, 1): same strides on both inputs is ATen's non-overlapping-dense fast path.
        long[] sizes = s(4, 2, 3);
        long[] strides = s(1, 12, 4);
        TensorImpl a = laidOut(Float64, sizes, strides, 0, range(24, 0, 1));
        TensorImpl b = laidOut(Float64, sizes, strides, 0, range(24, 0, 1));
        TensorIterator iter = binary(a, b);
        assertArrayEquals(strides, iter.output(0).strides());
        assertEquals(1, iter.ndim());
        assertTrue(iter.isContiguous(Float64));
    }

    @Test
    void channelsLastInputsGiveChannelsLastOutput() {
        long[] sizes = s(2, 3, 4, 5);
        long[] nhwc = s(60, 1, 15, 3);
        TensorImpl a = laidOut(Float32, sizes, nhwc, 0, range(120, 0, 1));
        TensorImpl b = laidOut(Float32, sizes, nhwc, 0, range(120, 0, 1));
        assertArrayEquals(nhwc, binary(a, b).output(0).strides());
    }

    @Test
    void coalescesWhatEveryOperandWalksAsOne() {
        TensorImpl a = F.empty(s(2, 3, 4), Float32, Device.CPU);
        TensorImpl b = F.empty(s(3, 4), Float32, Device.CPU);
        TensorIterator iter = binary(a, b);
        // Dimension 0 fastest: the inner 3x4 block is one row of 12, b repeats it for each of the 2.
        assertArrayEquals(s(12, 2), iter.shape());
        assertArrayEquals(s(1, 0), iter.strides(2));
        assertFalse(iter.isContiguous());
        assertFalse(iter.isScalar(2));
    }

    // ---- meta ----

    @Test
    void metaInputsGiveMetaOutputsWithoutData() {
        TensorImpl a = F.emptyStrided(s(2, 3), s(1, 2), Float32, Device.META);
        TensorImpl b = F.empty(s(3), Int64, Device.META);
        TensorIterator iter = binary(a, b);
        TensorImpl out = iter.output(0);
        assertTrue(out.isMeta());
        assertNull(out.storage());
        assertArrayEquals(s(2, 3), out.sizes());
        assertArrayEquals(s(1, 2), out.strides());
        assertEquals(Float32, out.dtype());
        assertTrue(iter.isMeta());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> iter.forEachFloat((x, y) -> x + y));
        assertTrue(e.getMessage().contains("meta"), e.getMessage());
    }

    @Test
    void metaAcceptsOneCpuScalarButNotCpuTensors() {
        TensorImpl a = F.empty(s(2), Float32, Device.META);
        TensorIterator withScalar = TensorIterator.functional(F);
        withScalar.buildBinaryOp(null, a, Scalar.of(2));
        assertEquals(Device.META, withScalar.output(0).device());
        TensorIterator mixed = TensorIterator.functional(F);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> mixed.buildBinaryOp(null, F.empty(s(2), Float32, Device.CPU), a));
        assertEquals("Expected all tensors to be on the same device, but found at least two devices, meta and cpu!",
                e.getMessage());
    }

    @Test
    void atMostOneCpuScalarWithNonCpuTensors() {
        TensorIterator iter = TensorIterator.functional(F);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> iter.build(
                new TensorIteratorConfig().allowCpuScalars(true).promoteInputsToCommonDtype(true).addOutput(null)
                        .addInput(F.empty(s(2), Float32, Device.META)).addInputScalar(Scalar.of(1))
                        .addInputScalar(Scalar.of(2))));
        assertEquals("Trying to pass too many CPU scalars to non-CPU kernel!", e.getMessage());
    }

    @Test
    void configThatCannotComputeItsOutputDtypeIsAProgrammingError() {
        TensorIterator iter = TensorIterator.functional(F);
        assertThrows(IllegalStateException.class, () -> iter.build(new TensorIteratorConfig().checkAllSameDtype(false)
                .addOutput(null).addInput(F.empty(s(2), Float32, Device.CPU)).addInput(F.empty(s(2), Int64, Device.CPU))));
        assertThrows(IllegalStateException.class, () -> new TensorIteratorConfig().promoteIntegerInputsToFloat(true));
        assertThrows(IllegalStateException.class, () -> new TensorIteratorConfig().declareStaticDtype(Bool));
        assertThrows(IllegalStateException.class,
                () -> new TensorIteratorConfig().addInput(F.empty(s(2), Float32, Device.CPU)).addOutput(null));
    }

    // ---- out= ----

    @Test
    void outOfTheWrongShapeIsResizedAtCommitWithTheWarning() {
        TensorImpl out = F.empty(s(3), Float32, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        List<String> warnings = Warnings.capture(() -> {
            iter.buildBinaryOp(out, F.empty(s(2, 3), Float32, Device.CPU), F.empty(s(3), Float32, Device.CPU));
            assertArrayEquals(s(3), out.sizes(), "meta must not resize");
        });
        assertEquals(List.of(), warnings);
        warnings = Warnings.capture(iter::commit);
        assertArrayEquals(s(2, 3), out.sizes());
        assertArrayEquals(s(3, 1), out.strides());
        assertEquals(List.of("An output with one or more elements was resized since it had shape [3], which does not"
                + " match the required output shape [2, 3]. This behavior is deprecated, and in a future PyTorch"
                + " release outputs will not be resized unless they have zero elements. You can explicitly reuse an"
                + " out tensor t by resizing it, inplace, to zero elements with t.resize_(0)."), warnings);
    }

    @Test
    void emptyOutIsResizedSilentlyInTheInputsLayout() {
        TensorImpl out = F.empty(s(0), Float32, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        List<String> warnings = Warnings.capture(() -> {
            iter.buildBinaryOp(out, columnMajor(Float32, 2, 3, 0, range(6, 0, 1)), F.scalarTensor(Scalar.of(1.0), Float32));
            iter.commit();
        });
        assertEquals(List.of(), warnings);
        assertArrayEquals(s(2, 3), out.sizes());
        assertArrayEquals(s(1, 2), out.strides());
    }

    @Test
    void outOfTheRightShapeKeepsItsStrides() {
        TensorImpl out = columnMajor(Float32, 2, 3, 0, range(6, 0, 1));
        TensorIterator iter = TensorIterator.out(F, out);
        iter.buildBinaryOp(out, F.empty(s(2, 3), Float32, Device.CPU), F.empty(s(2, 3), Float32, Device.CPU));
        iter.commit();
        assertArrayEquals(s(1, 2), out.strides());
    }

    @Test
    void failedMetaLeavesOutUntouched() {
        TensorImpl out = contiguous(Float32, s(3), 7, 8, 9);
        long[] stridesBefore = out.strides();
        TensorIterator iter = TensorIterator.out(F, out);
        List<String> warnings = Warnings.capture(() -> assertThrows(IllegalArgumentException.class, () -> {
            // An add meta: builds the iterator (declaring a resize to [2, 3]), then rejects alpha.
            iter.buildBinaryOp(out, F.empty(s(2, 3), Float32, Device.CPU), F.empty(s(3), Float32, Device.CPU));
            throw new IllegalArgumentException("For integral input tensors, argument alpha must not be a floating point number.");
        }));
        assertEquals(List.of(), warnings);
        assertArrayEquals(s(3), out.sizes());
        assertArrayEquals(stridesBefore, out.strides());
        assertArrayEquals(new float[] {7, 8, 9}, out.toFloatArray());
        assertEquals(6, out.storage().size(), "storage not grown");
    }

    @Test
    void loopsNeedCommit() {
        TensorImpl out = F.empty(s(0), Float32, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        iter.buildBinaryOp(out, F.empty(s(2), Float32, Device.CPU), F.empty(s(2), Float32, Device.CPU));
        assertThrows(IllegalStateException.class, () -> iter.forEachFloat((x, y) -> x + y));
    }

    @Test
    void aNullaryOpNeverResizes() {
        TensorImpl out = F.empty(s(2, 2), Float32, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, out);
        iter.buildNullaryOp(out);
        iter.commit();
        assertArrayEquals(s(2, 2), out.sizes());
        assertEquals(4, iter.numel());
    }
}
