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
 * <p>One loop per (comparison, dtype family): the comparison is chosen once per chunk, outside the
 * element loop.
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
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            float[] b = c.in1();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b[i];
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b[i];
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] < b[i];
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] <= b[i];
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] > b[i];
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] >= b[i];
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }

    private static void compareFloat(TensorIterator it, int kind, float b) {
        FloatLoop c = it.floatToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            float[] a = c.in0();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b;
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b;
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] < b;
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] <= b;
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] > b;
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] >= b;
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }

    private static void compareDouble(TensorIterator it, int kind) {
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            double[] b = c.in1();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b[i];
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b[i];
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] < b[i];
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] <= b[i];
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] > b[i];
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] >= b[i];
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }

    private static void compareDouble(TensorIterator it, int kind, double b) {
        DoubleLoop c = it.doubleToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            double[] a = c.in0();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b;
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b;
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] < b;
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] <= b;
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] > b;
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] >= b;
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }

    private static void compareLong(TensorIterator it, int kind) {
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            long[] b = c.in1();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b[i];
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b[i];
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] < b[i];
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] <= b[i];
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] > b[i];
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] >= b[i];
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }

    private static void compareLong(TensorIterator it, int kind, long b) {
        LongLoop c = it.longToBooleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            long[] a = c.in0();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b;
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b;
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] < b;
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] <= b;
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] > b;
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] >= b;
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }

    /** bool compares as 0 < 1. */
    private static void compareBoolean(TensorIterator it, int kind) {
        BooleanLoop c = it.booleanLoop();
        while (c.next()) {
            boolean[] o = c.outBool();
            boolean[] a = c.in0();
            boolean[] b = c.in1();
            int s = c.start();
            int e = c.end();
            switch (kind) {
                case EQ:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] == b[i];
                    }
                    break;
                case NE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] != b[i];
                    }
                    break;
                case LT:
                    for (int i = s; i < e; i++) {
                        o[i] = !a[i] & b[i];
                    }
                    break;
                case LE:
                    for (int i = s; i < e; i++) {
                        o[i] = !a[i] | b[i];
                    }
                    break;
                case GT:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] & !b[i];
                    }
                    break;
                case GE:
                    for (int i = s; i < e; i++) {
                        o[i] = a[i] | !b[i];
                    }
                    break;
                default:
                    throw new IllegalArgumentException("comparison " + kind);
            }
        }
    }
}
