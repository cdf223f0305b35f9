package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.parallel.Parallel;
import org.jitdispatch.runtime.Scalar;

/**
 * eq, ne, lt, le, gt and ge: PyTorch 1.13's structured comparison kernels (BinaryOps.cpp,
 * build_borrowing_comparison_op). The inputs are compared in their common dtype; a result to allocate
 * is bool, an existing out= or in-place tensor of another dtype receives 0 or 1. The Scalar overloads
 * check that the Scalar fits self's dtype (wrapped_scalar_tensor_and_check_convert) and compare with it
 * as a wrapped number, read once by the loop.
 *
 * <p>One method per (comparison, dtype family), and per scalar second operand ({@code ltFloat},
 * {@code ltFloatScalar}, {@code eqLong}...), each with one plain loop, chosen by a switch on the dtype and
 * one on the comparison. HotSpot compiles a method together with all it inlines, so a method holding the
 * six comparisons' loops kept C2 busy several times as long as each of these does, and its profile mixed
 * the comparisons; one method per loop gives short compilations, and only the comparisons a program uses
 * are compiled.
 */
public final class CompareOps implements CompareOpsDeclarations {

    private static final int EQ = 0;
    private static final int NE = 1;
    private static final int LT = 2;
    private static final int LE = 3;
    private static final int GT = 4;
    private static final int GE = 5;

    /** Operand index of the second input (0 is the output, 1 is self). */
    private static final int OTHER = 2;

    // ---- eq

    @Override
    public void meta_eq_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void eq_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        compare(op, EQ);
    }

    @Override
    public void meta_eq_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void eq_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        compare(op, EQ);
    }

    // ---- ne

    @Override
    public void meta_ne_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void ne_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        compare(op, NE);
    }

    @Override
    public void meta_ne_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void ne_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        compare(op, NE);
    }

    // ---- lt

    @Override
    public void meta_lt_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void lt_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        compare(op, LT);
    }

    @Override
    public void meta_lt_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void lt_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        compare(op, LT);
    }

    // ---- le

    @Override
    public void meta_le_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void le_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        compare(op, LE);
    }

    @Override
    public void meta_le_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void le_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        compare(op, LE);
    }

    // ---- gt

    @Override
    public void meta_gt_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void gt_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        compare(op, GT);
    }

    @Override
    public void meta_gt_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void gt_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        compare(op, GT);
    }

    // ---- ge

    @Override
    public void meta_ge_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void ge_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        compare(op, GE);
    }

    @Override
    public void meta_ge_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void ge_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        compare(op, GE);
    }

    // ---- shared

    private static void metaScalar(TensorIterator op, Tensor self, Scalar other) {
        Elementwise.checkConvert(other, self.dtype());
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    private static void compare(TensorIterator it, int kind) {
        switch (it.commonDtype()) {
            case Float32:
                if (it.isCpuScalar(OTHER)) {
                    float b = Elementwise.scalarFloat(it, OTHER);
                    it.removeOperand(OTHER);
                    compareFloat(it, kind, b);
                } else {
                    compareFloat(it, kind);
                }
                break;
            case Float64:
                if (it.isCpuScalar(OTHER)) {
                    double b = Elementwise.scalarDouble(it, OTHER);
                    it.removeOperand(OTHER);
                    compareDouble(it, kind, b);
                } else {
                    compareDouble(it, kind);
                }
                break;
            case Int32:
            case Int64:
                if (it.isCpuScalar(OTHER)) {
                    long b = Elementwise.scalarLong(it, OTHER);
                    it.removeOperand(OTHER);
                    compareLong(it, kind, b);
                } else {
                    compareLong(it, kind);
                }
                break;
            default:
                compareBoolean(it, kind);
        }
    }

    private static void compareFloat(TensorIterator it, int kind) {
        switch (kind) {
            case EQ:
                eqFloat(it);
                break;
            case NE:
                neFloat(it);
                break;
            case LT:
                ltFloat(it);
                break;
            case LE:
                leFloat(it);
                break;
            case GT:
                gtFloat(it);
                break;
            case GE:
                geFloat(it);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqFloat(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqFloatRange(it, begin, end));
        } else {
            eqFloatRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqFloat}. */
    private static void eqFloatRange(TensorIterator it, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b[i];
            }
        }
    }

    private static void neFloat(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neFloatRange(it, begin, end));
        } else {
            neFloatRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neFloat}. */
    private static void neFloatRange(TensorIterator it, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b[i];
            }
        }
    }

    private static void ltFloat(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltFloatRange(it, begin, end));
        } else {
            ltFloatRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltFloat}. */
    private static void ltFloatRange(TensorIterator it, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b[i];
            }
        }
    }

    private static void leFloat(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leFloatRange(it, begin, end));
        } else {
            leFloatRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leFloat}. */
    private static void leFloatRange(TensorIterator it, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b[i];
            }
        }
    }

    private static void gtFloat(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtFloatRange(it, begin, end));
        } else {
            gtFloatRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtFloat}. */
    private static void gtFloatRange(TensorIterator it, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b[i];
            }
        }
    }

    private static void geFloat(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geFloatRange(it, begin, end));
        } else {
            geFloatRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geFloat}. */
    private static void geFloatRange(TensorIterator it, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] >= b[i];
            }
        }
    }

    private static void compareFloat(TensorIterator it, int kind, float b) {
        switch (kind) {
            case EQ:
                eqFloatScalar(it, b);
                break;
            case NE:
                neFloatScalar(it, b);
                break;
            case LT:
                ltFloatScalar(it, b);
                break;
            case LE:
                leFloatScalar(it, b);
                break;
            case GT:
                gtFloatScalar(it, b);
                break;
            case GE:
                geFloatScalar(it, b);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqFloatScalar(TensorIterator it, float b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqFloatScalarRange(it, b, begin, end));
        } else {
            eqFloatScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqFloatScalar}. */
    private static void eqFloatScalarRange(TensorIterator it, float b, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b;
            }
        }
    }

    private static void neFloatScalar(TensorIterator it, float b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neFloatScalarRange(it, b, begin, end));
        } else {
            neFloatScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neFloatScalar}. */
    private static void neFloatScalarRange(TensorIterator it, float b, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b;
            }
        }
    }

    private static void ltFloatScalar(TensorIterator it, float b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltFloatScalarRange(it, b, begin, end));
        } else {
            ltFloatScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltFloatScalar}. */
    private static void ltFloatScalarRange(TensorIterator it, float b, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b;
            }
        }
    }

    private static void leFloatScalar(TensorIterator it, float b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leFloatScalarRange(it, b, begin, end));
        } else {
            leFloatScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leFloatScalar}. */
    private static void leFloatScalarRange(TensorIterator it, float b, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b;
            }
        }
    }

    private static void gtFloatScalar(TensorIterator it, float b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtFloatScalarRange(it, b, begin, end));
        } else {
            gtFloatScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtFloatScalar}. */
    private static void gtFloatScalarRange(TensorIterator it, float b, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b;
            }
        }
    }

    private static void geFloatScalar(TensorIterator it, float b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geFloatScalarRange(it, b, begin, end));
        } else {
            geFloatScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geFloatScalar}. */
    private static void geFloatScalarRange(TensorIterator it, float b, long begin, long end) {
        FloatLoop c = it.floatToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] >= b;
            }
        }
    }

    private static void compareDouble(TensorIterator it, int kind) {
        switch (kind) {
            case EQ:
                eqDouble(it);
                break;
            case NE:
                neDouble(it);
                break;
            case LT:
                ltDouble(it);
                break;
            case LE:
                leDouble(it);
                break;
            case GT:
                gtDouble(it);
                break;
            case GE:
                geDouble(it);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqDouble(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqDoubleRange(it, begin, end));
        } else {
            eqDoubleRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqDouble}. */
    private static void eqDoubleRange(TensorIterator it, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b[i];
            }
        }
    }

    private static void neDouble(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neDoubleRange(it, begin, end));
        } else {
            neDoubleRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neDouble}. */
    private static void neDoubleRange(TensorIterator it, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b[i];
            }
        }
    }

    private static void ltDouble(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltDoubleRange(it, begin, end));
        } else {
            ltDoubleRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltDouble}. */
    private static void ltDoubleRange(TensorIterator it, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b[i];
            }
        }
    }

    private static void leDouble(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leDoubleRange(it, begin, end));
        } else {
            leDoubleRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leDouble}. */
    private static void leDoubleRange(TensorIterator it, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b[i];
            }
        }
    }

    private static void gtDouble(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtDoubleRange(it, begin, end));
        } else {
            gtDoubleRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtDouble}. */
    private static void gtDoubleRange(TensorIterator it, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b[i];
            }
        }
    }

    private static void geDouble(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geDoubleRange(it, begin, end));
        } else {
            geDoubleRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geDouble}. */
    private static void geDoubleRange(TensorIterator it, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] >= b[i];
            }
        }
    }

    private static void compareDouble(TensorIterator it, int kind, double b) {
        switch (kind) {
            case EQ:
                eqDoubleScalar(it, b);
                break;
            case NE:
                neDoubleScalar(it, b);
                break;
            case LT:
                ltDoubleScalar(it, b);
                break;
            case LE:
                leDoubleScalar(it, b);
                break;
            case GT:
                gtDoubleScalar(it, b);
                break;
            case GE:
                geDoubleScalar(it, b);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqDoubleScalar(TensorIterator it, double b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqDoubleScalarRange(it, b, begin, end));
        } else {
            eqDoubleScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqDoubleScalar}. */
    private static void eqDoubleScalarRange(TensorIterator it, double b, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b;
            }
        }
    }

    private static void neDoubleScalar(TensorIterator it, double b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neDoubleScalarRange(it, b, begin, end));
        } else {
            neDoubleScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neDoubleScalar}. */
    private static void neDoubleScalarRange(TensorIterator it, double b, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b;
            }
        }
    }

    private static void ltDoubleScalar(TensorIterator it, double b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltDoubleScalarRange(it, b, begin, end));
        } else {
            ltDoubleScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltDoubleScalar}. */
    private static void ltDoubleScalarRange(TensorIterator it, double b, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b;
            }
        }
    }

    private static void leDoubleScalar(TensorIterator it, double b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leDoubleScalarRange(it, b, begin, end));
        } else {
            leDoubleScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leDoubleScalar}. */
    private static void leDoubleScalarRange(TensorIterator it, double b, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b;
            }
        }
    }

    private static void gtDoubleScalar(TensorIterator it, double b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtDoubleScalarRange(it, b, begin, end));
        } else {
            gtDoubleScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtDoubleScalar}. */
    private static void gtDoubleScalarRange(TensorIterator it, double b, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b;
            }
        }
    }

    private static void geDoubleScalar(TensorIterator it, double b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geDoubleScalarRange(it, b, begin, end));
        } else {
            geDoubleScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geDoubleScalar}. */
    private static void geDoubleScalarRange(TensorIterator it, double b, long begin, long end) {
        DoubleLoop c = it.doubleToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] >= b;
            }
        }
    }

    private static void compareLong(TensorIterator it, int kind) {
        switch (kind) {
            case EQ:
                eqLong(it);
                break;
            case NE:
                neLong(it);
                break;
            case LT:
                ltLong(it);
                break;
            case LE:
                leLong(it);
                break;
            case GT:
                gtLong(it);
                break;
            case GE:
                geLong(it);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqLong(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqLongRange(it, begin, end));
        } else {
            eqLongRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqLong}. */
    private static void eqLongRange(TensorIterator it, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b[i];
            }
        }
    }

    private static void neLong(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neLongRange(it, begin, end));
        } else {
            neLongRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neLong}. */
    private static void neLongRange(TensorIterator it, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b[i];
            }
        }
    }

    private static void ltLong(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltLongRange(it, begin, end));
        } else {
            ltLongRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltLong}. */
    private static void ltLongRange(TensorIterator it, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b[i];
            }
        }
    }

    private static void leLong(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leLongRange(it, begin, end));
        } else {
            leLongRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leLong}. */
    private static void leLongRange(TensorIterator it, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b[i];
            }
        }
    }

    private static void gtLong(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtLongRange(it, begin, end));
        } else {
            gtLongRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtLong}. */
    private static void gtLongRange(TensorIterator it, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b[i];
            }
        }
    }

    private static void geLong(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geLongRange(it, begin, end));
        } else {
            geLongRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geLong}. */
    private static void geLongRange(TensorIterator it, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] >= b[i];
            }
        }
    }

    private static void compareLong(TensorIterator it, int kind, long b) {
        switch (kind) {
            case EQ:
                eqLongScalar(it, b);
                break;
            case NE:
                neLongScalar(it, b);
                break;
            case LT:
                ltLongScalar(it, b);
                break;
            case LE:
                leLongScalar(it, b);
                break;
            case GT:
                gtLongScalar(it, b);
                break;
            case GE:
                geLongScalar(it, b);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqLongScalar(TensorIterator it, long b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqLongScalarRange(it, b, begin, end));
        } else {
            eqLongScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqLongScalar}. */
    private static void eqLongScalarRange(TensorIterator it, long b, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b;
            }
        }
    }

    private static void neLongScalar(TensorIterator it, long b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neLongScalarRange(it, b, begin, end));
        } else {
            neLongScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neLongScalar}. */
    private static void neLongScalarRange(TensorIterator it, long b, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b;
            }
        }
    }

    private static void ltLongScalar(TensorIterator it, long b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltLongScalarRange(it, b, begin, end));
        } else {
            ltLongScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltLongScalar}. */
    private static void ltLongScalarRange(TensorIterator it, long b, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b;
            }
        }
    }

    private static void leLongScalar(TensorIterator it, long b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leLongScalarRange(it, b, begin, end));
        } else {
            leLongScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leLongScalar}. */
    private static void leLongScalarRange(TensorIterator it, long b, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b;
            }
        }
    }

    private static void gtLongScalar(TensorIterator it, long b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtLongScalarRange(it, b, begin, end));
        } else {
            gtLongScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtLongScalar}. */
    private static void gtLongScalarRange(TensorIterator it, long b, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b;
            }
        }
    }

    private static void geLongScalar(TensorIterator it, long b) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geLongScalarRange(it, b, begin, end));
        } else {
            geLongScalarRange(it, b, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geLongScalar}. */
    private static void geLongScalarRange(TensorIterator it, long b, long begin, long end) {
        LongLoop c = it.longToBooleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] >= b;
            }
        }
    }

    /** bool compares as 0 < 1. */
    private static void compareBoolean(TensorIterator it, int kind) {
        switch (kind) {
            case EQ:
                eqBoolean(it);
                break;
            case NE:
                neBoolean(it);
                break;
            case LT:
                ltBoolean(it);
                break;
            case LE:
                leBoolean(it);
                break;
            case GT:
                gtBoolean(it);
                break;
            case GE:
                geBoolean(it);
                break;
            default:
                throw new IllegalArgumentException("comparison " + kind);
        }
    }

    private static void eqBoolean(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> eqBooleanRange(it, begin, end));
        } else {
            eqBooleanRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #eqBoolean}. */
    private static void eqBooleanRange(TensorIterator it, long begin, long end) {
        BooleanLoop c = it.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b[i];
            }
        }
    }

    private static void neBoolean(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> neBooleanRange(it, begin, end));
        } else {
            neBooleanRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #neBoolean}. */
    private static void neBooleanRange(TensorIterator it, long begin, long end) {
        BooleanLoop c = it.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b[i];
            }
        }
    }

    private static void ltBoolean(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> ltBooleanRange(it, begin, end));
        } else {
            ltBooleanRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #ltBoolean}. */
    private static void ltBooleanRange(TensorIterator it, long begin, long end) {
        BooleanLoop c = it.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = !a[i] & b[i];
            }
        }
    }

    private static void leBoolean(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> leBooleanRange(it, begin, end));
        } else {
            leBooleanRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #leBoolean}. */
    private static void leBooleanRange(TensorIterator it, long begin, long end) {
        BooleanLoop c = it.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = !a[i] | b[i];
            }
        }
    }

    private static void gtBoolean(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> gtBooleanRange(it, begin, end));
        } else {
            gtBooleanRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #gtBoolean}. */
    private static void gtBooleanRange(TensorIterator it, long begin, long end) {
        BooleanLoop c = it.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] & !b[i];
            }
        }
    }

    private static void geBoolean(TensorIterator it) {
        if (it.isParallel()) {
            Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> geBooleanRange(it, begin, end));
        } else {
            geBooleanRange(it, 0, it.numel());
        }
    }

    /** The elements {@code [begin, end)} of {@link #geBoolean}. */
    private static void geBooleanRange(TensorIterator it, long begin, long end) {
        BooleanLoop c = it.booleanLoop(begin, end);
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] | !b[i];
            }
        }
    }
}
