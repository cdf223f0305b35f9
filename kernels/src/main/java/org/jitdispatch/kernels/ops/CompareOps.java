package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.BooleanLoop;
import org.jitdispatch.kernels.iter.DoubleLoop;
import org.jitdispatch.kernels.iter.FloatLoop;
import org.jitdispatch.kernels.iter.LongLoop;
import org.jitdispatch.kernels.iter.TensorIterator;
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
        FloatLoop c = it.floatToBooleanLoop();
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
        FloatLoop c = it.floatToBooleanLoop();
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
        FloatLoop c = it.floatToBooleanLoop();
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
        FloatLoop c = it.floatToBooleanLoop();
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
        FloatLoop c = it.floatToBooleanLoop();
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
        FloatLoop c = it.floatToBooleanLoop();
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
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b;
            }
        }
    }

    private static void neFloatScalar(TensorIterator it, float b) {
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b;
            }
        }
    }

    private static void ltFloatScalar(TensorIterator it, float b) {
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b;
            }
        }
    }

    private static void leFloatScalar(TensorIterator it, float b) {
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b;
            }
        }
    }

    private static void gtFloatScalar(TensorIterator it, float b) {
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b;
            }
        }
    }

    private static void geFloatScalar(TensorIterator it, float b) {
        FloatLoop c = it.floatToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
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
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b;
            }
        }
    }

    private static void neDoubleScalar(TensorIterator it, double b) {
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b;
            }
        }
    }

    private static void ltDoubleScalar(TensorIterator it, double b) {
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b;
            }
        }
    }

    private static void leDoubleScalar(TensorIterator it, double b) {
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b;
            }
        }
    }

    private static void gtDoubleScalar(TensorIterator it, double b) {
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b;
            }
        }
    }

    private static void geDoubleScalar(TensorIterator it, double b) {
        DoubleLoop c = it.doubleToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
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
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] == b;
            }
        }
    }

    private static void neLongScalar(TensorIterator it, long b) {
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] != b;
            }
        }
    }

    private static void ltLongScalar(TensorIterator it, long b) {
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] < b;
            }
        }
    }

    private static void leLongScalar(TensorIterator it, long b) {
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] <= b;
            }
        }
    }

    private static void gtLongScalar(TensorIterator it, long b) {
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            for (int i = c.start(), e = c.end(); i < e; i++) {
                o[i] = a[i] > b;
            }
        }
    }

    private static void geLongScalar(TensorIterator it, long b) {
        LongLoop c = it.longToBooleanLoop();
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
        BooleanLoop c = it.booleanLoop();
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
        BooleanLoop c = it.booleanLoop();
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
        BooleanLoop c = it.booleanLoop();
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
        BooleanLoop c = it.booleanLoop();
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
        BooleanLoop c = it.booleanLoop();
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
        BooleanLoop c = it.booleanLoop();
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
