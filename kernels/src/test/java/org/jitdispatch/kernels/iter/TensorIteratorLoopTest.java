package org.jitdispatch.kernels.iter;

import static org.jitdispatch.kernels.iter.TestTensors.F;
import static org.jitdispatch.kernels.iter.TestTensors.GARBAGE;
import static org.jitdispatch.kernels.iter.TestTensors.broadcastValues;
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
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The loops: values for every layout, dtype mix and path, checked against a reference. */
class TensorIteratorLoopTest {
    private static long[] s(long... v) {
        return v;
    }

    /** add's CPU impl as a hot kernel is written: one chunk loop per dtype family. */
    static void addImpl(TensorIterator iter, Scalar alpha) {
        switch (iter.commonDtype()) {
            case Float32: {
                float al = (float) alpha.toDouble();
                FloatLoop c = iter.floatLoop();
                while (c.next()) {
                    float[] o = c.out();
                    float[] a = c.in0();
                    float[] b = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = a[i] + al * b[i];
                    }
                }
                break;
            }
            case Float64: {
                double al = alpha.toDouble();
                DoubleLoop c = iter.doubleLoop();
                while (c.next()) {
                    double[] o = c.out();
                    double[] a = c.in0();
                    double[] b = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = a[i] + al * b[i];
                    }
                }
                break;
            }
            case Int32:
            case Int64: {
                long al = alpha.toLong();
                LongLoop c = iter.longLoop();
                while (c.next()) {
                    long[] o = c.out();
                    long[] a = c.in0();
                    long[] b = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = a[i] + al * b[i];
                    }
                }
                break;
            }
            default: {
                boolean al = alpha.toBoolean();
                BooleanLoop c = iter.booleanLoop();
                while (c.next()) {
                    boolean[] o = c.outBool();
                    boolean[] a = c.in0();
                    boolean[] b = c.in1();
                    for (int i = c.start(), e = c.end(); i < e; i++) {
                        o[i] = a[i] || (al && b[i]);
                    }
                }
            }
        }
    }

    /** The same impl with element lambdas. */
    static void addImplWithLambdas(TensorIterator iter, Scalar alpha) {
        switch (iter.commonDtype()) {
            case Float32: {
                float al = (float) alpha.toDouble();
                iter.forEachFloat((a, b) -> a + al * b);
                break;
            }
            case Float64: {
                double al = alpha.toDouble();
                iter.forEachDouble((a, b) -> a + al * b);
                break;
            }
            case Int32:
            case Int64: {
                long al = alpha.toLong();
                iter.forEachLong((a, b) -> a + al * b);
                break;
            }
            default: {
                boolean al = alpha.toBoolean();
                iter.forEachBoolean((a, b) -> a || (al && b));
            }
        }
    }

    /** a + alpha * b through the chunk-loop impl, checked against the lambda impl. */
    private static TensorImpl add(TensorImpl a, TensorImpl b, Scalar alpha) {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryOp(iter.maybeGetOutput(0), a, b);
        iter.commit();
        addImpl(iter, alpha);
        TensorIterator lambdas = TensorIterator.functional(F);
        lambdas.buildBinaryOp(null, a, b);
        lambdas.commit();
        addImplWithLambdas(lambdas, alpha);
        assertArrayEquals(iter.output(0).toDoubleArray(), lambdas.output(0).toDoubleArray(), "chunk loop vs lambdas");
        return iter.output(0);
    }

    /** a + alpha * b in double over the broadcast shape (exact for the small integers used here). */
    private static double[] reference(TensorImpl a, TensorImpl b, double alpha, long[] shape) {
        double[] x = broadcastValues(a, shape);
        double[] y = broadcastValues(b, shape);
        double[] r = new double[x.length];
        for (int i = 0; i < r.length; i++) {
            r[i] = x[i] + alpha * y[i];
        }
        return r;
    }

    @ParameterizedTest
    @EnumSource(value = ScalarType.class, names = {"Float32", "Float64", "Int32", "Int64"})
    void stridedOffsetAndBroadcastOperands(ScalarType dtype) {
        // a: 3x4 column-major at offset 2; b: a length-4 row with stride 3 at offset 1, broadcast over rows.
        TensorImpl a = columnMajor(dtype, 3, 4, 2, range(12, -5, 1));
        TensorImpl b = laidOut(dtype, s(4), s(3), 1, 10, 20, 30, 40);
        TensorImpl out = add(a, b, Scalar.of(2));
        assertEquals(dtype, out.dtype());
        assertArrayEquals(s(3, 4), out.sizes());
        assertArrayEquals(reference(a, b, 2, s(3, 4)), out.toDoubleArray());
    }

    @Test
    void stridesOfEveryKindInOneCall() {
        // 3-d, a sliced with steps and an offset, b broadcast in the middle dimension, out= column-major-ish.
        TensorImpl a = laidOut(Float64, s(2, 3, 5), s(40, 12, 2), 3, range(30, 0, 1));
        TensorImpl b = laidOut(Float64, s(2, 1, 5), s(5, 7, 1), 4, range(10, 100, 1));
        TensorImpl out = laidOut(Float64, s(2, 3, 5), s(1, 2, 6), 5, new double[30]);
        TensorIterator iter = TensorIterator.out(F, out);
        iter.buildBinaryOp(out, a, b);
        iter.commit();
        addImpl(iter, Scalar.of(2));
        assertArrayEquals(reference(a, b, 2, s(2, 3, 5)), out.toDoubleArray());
        assertEquals(GARBAGE, out.storage().getDouble(0), "storage before the view untouched");
    }

    @Test
    void mixedDtypesConvertWhileLoadingAndStoring() {
        TensorImpl ints = contiguous(Int32, s(2, 3), range(6, -2, 1));
        TensorImpl doubleZeroDim = F.scalarTensor(Scalar.of(1.5), Float64);
        TensorImpl r = add(ints, doubleZeroDim, Scalar.of(2));
        assertEquals(Float64, r.dtype());
        assertArrayEquals(reference(ints, doubleZeroDim, 2, s(2, 3)), r.toDoubleArray());

        TensorImpl bools = contiguous(Bool, s(2, 3), 1, 0, 1, 0, 0, 1);
        TensorImpl row = contiguous(Int32, s(3), 5, 6, 7);
        r = add(bools, row, Scalar.of(3));
        assertEquals(Int32, r.dtype());
        assertArrayEquals(reference(bools, row, 3, s(2, 3)), r.toDoubleArray());

        TensorIterator withScalar = TensorIterator.functional(F);
        TensorImpl longs = contiguous(Int64, s(4), 1, 2, 3, 4);
        withScalar.buildBinaryOp(null, longs, Scalar.of(2.5));
        withScalar.commit();
        addImpl(withScalar, Scalar.of(1));
        assertEquals(Float32, withScalar.output(0).dtype());
        assertArrayEquals(new float[] {3.5f, 4.5f, 5.5f, 6.5f}, withScalar.output(0).toFloatArray());

        TensorImpl orr = add(contiguous(Bool, s(4), 1, 0, 1, 0), contiguous(Bool, s(4), 0, 0, 1, 1), Scalar.of(true));
        assertEquals(Bool, orr.dtype());
        assertArrayEquals(new boolean[] {true, false, true, true}, orr.toBooleanArray());
    }

    @Test
    void outputsOfAnotherDtypeReceiveTheCastResult() {
        TensorImpl wide = F.empty(s(3), Float64, Device.CPU);
        TensorIterator iter = TensorIterator.out(F, wide);
        // float32 arithmetic, stored as double: 0.1f + 0.2f is not 0.1 + 0.2.
        iter.buildBinaryOp(wide, contiguous(Float32, s(3), 0.1, 1, 2), contiguous(Float32, s(3), 0.2, 1, 2));
        iter.commit();
        addImpl(iter, Scalar.of(1));
        assertEquals((double) (0.1f + 0.2f), wide.toDoubleArray()[0]);

        TensorImpl narrow = F.empty(s(2), Int32, Device.CPU);
        TensorIterator ints = TensorIterator.out(F, narrow);
        ints.buildBinaryOp(narrow, contiguous(Int64, s(2), 1L << 33, -1), contiguous(Int64, s(2), 1, 0));
        ints.commit();
        addImpl(ints, Scalar.of(1));
        // Computed in 64 bits, stored as int32 with C++'s wrap-around: (int) (2^33 + 1) == 1.
        assertArrayEquals(new int[] {1, -1}, narrow.toIntArray());
    }

    @Test
    void inplaceOnAView() {
        TensorImpl self = laidOut(Float32, s(2, 3), s(1, 4), 1, range(6, 0, 1));
        TensorImpl other = contiguous(Float32, s(3), 10, 20, 30);
        double[] expected = reference(self, other, 1, s(2, 3));
        TensorIterator iter = TensorIterator.inplace(F, self);
        iter.buildBinaryOp(iter.maybeGetOutput(0), self, other);
        iter.commit();
        addImpl(iter, Scalar.of(1));
        assertSame(self, iter.output(0));
        assertArrayEquals(expected, self.toDoubleArray());
        assertEquals(GARBAGE, self.storage().getDouble(0));
        assertEquals(GARBAGE, self.storage().getDouble(3));
    }

    @Test
    void contiguousFastPathMatchesStridedPathAndLambdas() {
        int rows = 3;
        int cols = 2500; // more than one buffer of the strided path per row
        Random random = new Random(42);
        double[] x = new double[rows * cols];
        double[] y = new double[rows * cols];
        for (int i = 0; i < x.length; i++) {
            x[i] = random.nextGaussian();
            y[i] = random.nextGaussian();
        }
        long[] shape = s(rows, cols);
        TensorImpl a = contiguous(Float32, shape, x);
        TensorImpl b = contiguous(Float32, shape, y);
        TensorIterator fast = TensorIterator.functional(F);
        fast.buildBinaryOp(null, a, b);
        fast.commit();
        assertTrue(fast.isContiguous(Float32));
        addImpl(fast, Scalar.of(0.5));

        // Same logical values, laid out column-major with offsets and a padded view: the general path.
        TensorImpl sa = laidOut(Float32, shape, s(1, rows + 1), 7, x);
        TensorImpl sb = laidOut(Float32, shape, s(2 * cols, 2), 1, y);
        TensorIterator strided = TensorIterator.functional(F);
        strided.buildBinaryOp(null, sa, sb);
        strided.commit();
        assertFalse(strided.isContiguous());
        addImpl(strided, Scalar.of(0.5));

        // The element-lambda loop on the strided layout.
        TensorIterator lambdas = TensorIterator.functional(F);
        lambdas.buildBinaryOp(null, sa, sb);
        lambdas.commit();
        addImplWithLambdas(lambdas, Scalar.of(0.5));

        float[] expected = fast.output(0).toFloatArray();
        assertArrayEquals(expected, strided.output(0).toFloatArray());
        assertArrayEquals(expected, lambdas.output(0).toFloatArray());
        float[] fa = a.toFloatArray();
        float[] fb = b.toFloatArray();
        for (int i = 0; i < expected.length; i += 997) {
            assertEquals(fa[i] + 0.5f * fb[i], expected[i]);
        }
    }

    @Test
    void fastPathIsOneChunkOverTheArraysThemselves() {
        TensorImpl a = contiguous(Float32, s(40, 50), range(2000, 0, 1));
        TensorImpl b = contiguous(Float32, s(40, 50), range(2000, 0, 1));
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryOp(null, a, b);
        iter.commit();
        assertTrue(iter.isContiguous(Float32));
        FloatLoop c = iter.floatLoop();
        assertTrue(c.next());
        assertEquals(0, c.start());
        assertEquals(2000, c.end());
        assertSame(a.storage().data(), c.in0());
        assertSame(b.storage().data(), c.in1());
        assertSame(iter.output(0).storage().data(), c.out());
        assertFalse(c.next());
    }

    @Test
    void sharedPaddedLayoutIsUsedInPlaceRowByRow() {
        // Three 3x4 views with row stride 6 at offset 2: not contiguous, but every operand walks alike.
        TensorImpl a = laidOut(Float64, s(3, 4), s(6, 1), 2, range(12, 0, 1));
        TensorImpl b = laidOut(Float64, s(3, 4), s(6, 1), 2, range(12, 100, 1));
        TensorImpl out = laidOut(Float64, s(3, 4), s(6, 1), 2, new double[12]);
        TensorIterator iter = TensorIterator.out(F, out);
        iter.buildBinaryOp(out, a, b);
        iter.commit();
        DoubleLoop c = iter.doubleLoop();
        assertTrue(c.next());
        assertEquals(2, c.start());
        assertEquals(6, c.end());
        assertSame(a.storage().data(), c.in0());
        assertTrue(c.next());
        assertEquals(8, c.start());
        TensorIterator again = TensorIterator.out(F, out);
        again.buildBinaryOp(out, a, b);
        again.commit();
        addImpl(again, Scalar.of(1));
        assertArrayEquals(reference(a, b, 1, s(3, 4)), out.toDoubleArray());
    }

    @Test
    void otherDtypesOffsetsAndBroadcastsAreBuffered() {
        TensorIterator widened = iterOf(contiguous(Int64, s(2000), range(2000, 0, 1)));
        FloatLoop c = widened.floatLoop();
        assertTrue(c.next());
        assertEquals(0, c.start());
        assertEquals(LoopCursor.BUFFER_ELEMENTS, c.end());

        // Same dtype and contiguous, but at different storage offsets: no shared index, so buffered.
        TensorImpl a = laidOut(Float32, s(5), s(1), 0, 1, 2, 3, 4, 5);
        TensorImpl b = laidOut(Float32, s(5), s(1), 3, 10, 20, 30, 40, 50);
        TensorIterator shifted = TensorIterator.functional(F);
        shifted.buildBinaryOp(null, a, b);
        shifted.commit();
        assertTrue(shifted.isContiguous(Float32));
        FloatLoop d = shifted.floatLoop();
        assertTrue(d.next());
        assertEquals(0, d.start());
        assertEquals(5, d.end());
        assertArrayEquals(new float[] {10, 20, 30, 40, 50}, java.util.Arrays.copyOf(d.in1(), 5));
    }

    private static TensorIterator iterOf(TensorImpl a) {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildUnaryFloatOp(null, a);
        iter.commit();
        return iter;
    }

    @Test
    void zeroSizeAndZeroDim() {
        TensorImpl empty = add(F.empty(s(0, 3), Float32, Device.CPU), contiguous(Float32, s(3), 1, 2, 3), Scalar.of(1));
        assertArrayEquals(s(0, 3), empty.sizes());
        TensorImpl alsoEmpty = add(F.empty(s(2, 0), Int64, Device.CPU), F.empty(s(0), Int64, Device.CPU), Scalar.of(1));
        assertArrayEquals(s(2, 0), alsoEmpty.sizes());

        TensorImpl zeroDim = add(F.scalarTensor(Scalar.of(2.0), Float64), F.scalarTensor(Scalar.of(3.0), Float64),
                Scalar.of(2));
        assertArrayEquals(s(), zeroDim.sizes());
        assertEquals(8.0, zeroDim.item().toDouble());

        TensorIterator withNumber = TensorIterator.functional(F);
        withNumber.buildBinaryOp(null, F.scalarTensor(Scalar.of(4), Int32), Scalar.of(5));
        withNumber.commit();
        addImpl(withNumber, Scalar.of(1));
        assertEquals(Int32, withNumber.output(0).dtype());
        assertEquals(9L, withNumber.output(0).item().toLong());
    }

    @Test
    void comparisonsComputeInTheCommonDtype() {
        long big = 1L << 53;
        TensorImpl a = contiguous(Int64, s(3), 0, 0, 0);
        a.storage().longs()[0] = big + 1;
        a.storage().longs()[1] = big;
        a.storage().longs()[2] = -3;
        TensorImpl b = F.scalarTensor(Scalar.of(big), Int64);
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildComparisonOp(null, a, b);
        iter.commit();
        assertEquals(Int64, iter.commonDtype());
        // In 64-bit integers 2^53 + 1 > 2^53; in double they would compare equal.
        iter.forEachLongToBoolean((x, y) -> x > y);
        assertArrayEquals(new boolean[] {true, false, false}, iter.output(0).toBooleanArray());

        TensorImpl out = columnMajor(Float64, 2, 2, 0, 9, 9, 9, 9);
        TensorIterator lt = TensorIterator.out(F, out);
        lt.buildComparisonOp(out, contiguous(Float32, s(2, 2), 1, 2, 3, 4), Scalar.of(2.5));
        lt.commit();
        lt.forEachFloatToBoolean((x, y) -> x < y);
        assertArrayEquals(new double[] {1, 1, 0, 0}, out.toDoubleArray());
    }

    @Test
    void unaryTernaryAndNullaryLoops() {
        TensorIterator sqrt = iterOf(contiguous(Int64, s(3), 4, 9, 2));
        sqrt.forEachFloat(x -> (float) Math.sqrt(x));
        assertArrayEquals(new float[] {2f, 3f, (float) Math.sqrt(2f)}, sqrt.output(0).toFloatArray());

        // clamp(x, lo, hi): int32 tensor, int64 zero-dim (same category: no promotion), int32 row broadcast.
        TensorIterator clamp = TensorIterator.functional(F);
        clamp.buildTernaryOp(null, contiguous(Int32, s(2, 3), -5, 0, 5, 10, 15, 20), F.scalarTensor(Scalar.of(0), Int64),
                contiguous(Int32, s(3), 12, 12, 3));
        clamp.commit();
        assertEquals(Int32, clamp.commonDtype());
        clamp.forEachLong((x, lo, hi) -> Math.min(Math.max(x, lo), hi));
        assertArrayEquals(new int[] {0, 0, 3, 10, 12, 3}, clamp.output(0).toIntArray());

        // where(cond, a, b): the bool condition reads as 1 or 0 in the common dtype.
        TensorIterator where = TensorIterator.functional(F);
        where.buildTernaryOp(null, contiguous(Bool, s(4), 1, 0, 0, 1), contiguous(Float32, s(4), 1, 2, 3, 4),
                contiguous(Float32, s(1), -1));
        where.commit();
        where.forEachFloat((c, x, y) -> c != 0 ? x : y);
        assertArrayEquals(new float[] {1, -1, -1, 4}, where.output(0).toFloatArray());

        TensorImpl target = columnMajor(Float64, 2, 3, 1, new double[6]);
        TensorIterator fill = TensorIterator.out(F, target);
        fill.buildNullaryOp(target);
        fill.commit();
        fill.forEachDouble(() -> 3.5);
        assertArrayEquals(new double[] {3.5, 3.5, 3.5, 3.5, 3.5, 3.5}, target.toDoubleArray());
        assertEquals(GARBAGE, target.storage().getDouble(0));
    }

    @Test
    void booleanFamilyReadsAnyDtypeAsNonZero() {
        TensorIterator not = TensorIterator.functional(F);
        not.build(new TensorIteratorConfig().checkAllSameDtype(false).declareStaticDtype(Bool)
                .addOutput(null).addInput(contiguous(Int32, s(4), 0, 3, -1, 0)));
        not.commit();
        not.forEachBoolean(x -> !x);
        assertEquals(Bool, not.output(0).dtype());
        assertArrayEquals(new boolean[] {true, false, false, true}, not.output(0).toBooleanArray());
    }

    @Test
    void broadcastRowsAreRefilledPerRowOnly() {
        // b is [3, 1]: constant along each row of 1500 (two chunks), different per row.
        TensorImpl a = contiguous(Float32, s(3, 1500), range(4500, 0, 1));
        TensorImpl b = contiguous(Float32, s(3, 1), 1000, 2000, 3000);
        assertArrayEquals(reference(a, b, 1, s(3, 1500)), add(a, b, Scalar.of(1)).toDoubleArray());
        TensorImpl scalar = F.scalarTensor(Scalar.of(0.5), Float64);
        assertArrayEquals(reference(a, scalar, 2, s(3, 1500)), add(a, scalar, Scalar.of(2)).toDoubleArray());
    }

    @Test
    void aCpuScalarCanBeReadAndRemoved() {
        TensorImpl a = contiguous(Float32, s(2, 3), range(6, 1, 1));
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryOp(null, a, Scalar.of(2.5));
        iter.commit();
        assertTrue(iter.isCpuScalar(2));
        float b = (float) iter.scalarValue(2).toDouble();
        iter.removeOperand(2);
        assertEquals(1, iter.ninputs());
        FloatLoop c = iter.floatLoop();
        assertTrue(c.next());
        assertSame(a.storage().data(), c.in0(), "the tensor operands are now used in place");
        do {
            float[] o = c.out();
            float[] x = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = x[i] + 2 * b;
            }
        } while (c.next());
        assertArrayEquals(new float[] {6, 7, 8, 9, 10, 11}, iter.output(0).toFloatArray());
        assertThrows(IllegalArgumentException.class, () -> iter.removeOperand(0));
    }

    @Test
    void cpuScalarOperandsCanBeReadOnce() {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryOp(null, contiguous(Float32, s(4), 1, 2, 3, 4), Scalar.of(2.5));
        iter.commit();
        assertTrue(iter.isCpuScalar(2));
        assertFalse(iter.isCpuScalar(1));
        assertEquals(Scalar.of(2.5), iter.scalarValue(2));
    }

    @Test
    void loopArityMustMatchTheIterator() {
        TensorIterator iter = TensorIterator.functional(F);
        iter.buildBinaryOp(null, contiguous(Float32, s(2), 1, 2), contiguous(Float32, s(2), 1, 2));
        iter.commit();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> iter.forEachFloat(x -> x));
        assertEquals("This loop takes 1 output and 1 input(s); the iterator has 1 output(s) and 2 input(s)",
                e.getMessage());
    }
}
