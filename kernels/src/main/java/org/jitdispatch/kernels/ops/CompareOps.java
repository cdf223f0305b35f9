package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;

/**
 * eq, ne, lt, le, gt and ge: PyTorch 1.13's structured comparison kernels (BinaryOps.cpp,
 * build_borrowing_comparison_op). The inputs are compared in their common dtype; a result to allocate
 * is bool, an existing out= or in-place tensor of another dtype receives 0 or 1. The Scalar overloads
 * check that the Scalar fits self's dtype (wrapped_scalar_tensor_and_check_convert) and compare with it
 * as a wrapped number, read once by the loop.
 *
 * <p>The loops are written once in ufuncs.yaml and generated per (comparison, loop type) into
 * {@code UfuncKernels} ({@code lt_float}, {@code lt_float_otherScalar}, {@code eq_long}...), and
 * {@code UfuncKernels.lt(it, dtype)} picks the one of the common dtype. HotSpot compiles a method together with all
 * it inlines, so one method per loop gives short compilations and single-dtype profiles, and only the
 * comparisons a program uses are compiled.
 */
public final class CompareOps implements CompareOpsDeclarations {

    // ---- eq

    @Override
    public void meta_eq_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void eq_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.eq(op, op.commonDtype());
    }

    @Override
    public void meta_eq_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void eq_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        UfuncKernels.eq(op, op.commonDtype());
    }

    // ---- ne

    @Override
    public void meta_ne_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void ne_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.ne(op, op.commonDtype());
    }

    @Override
    public void meta_ne_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void ne_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        UfuncKernels.ne(op, op.commonDtype());
    }

    // ---- lt

    @Override
    public void meta_lt_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void lt_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.lt(op, op.commonDtype());
    }

    @Override
    public void meta_lt_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void lt_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        UfuncKernels.lt(op, op.commonDtype());
    }

    // ---- le

    @Override
    public void meta_le_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void le_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.le(op, op.commonDtype());
    }

    @Override
    public void meta_le_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void le_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        UfuncKernels.le(op, op.commonDtype());
    }

    // ---- gt

    @Override
    public void meta_gt_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void gt_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.gt(op, op.commonDtype());
    }

    @Override
    public void meta_gt_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void gt_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        UfuncKernels.gt(op, op.commonDtype());
    }

    // ---- ge

    @Override
    public void meta_ge_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void ge_Tensor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.ge(op, op.commonDtype());
    }

    @Override
    public void meta_ge_Scalar(TensorIterator op, Tensor self, Scalar other) {
        metaScalar(op, self, other);
    }

    @Override
    public void ge_Scalar_out(TensorIterator op, Tensor self, Scalar other, Tensor out) {
        UfuncKernels.ge(op, op.commonDtype());
    }

    // ---- shared

    /**
     * The Scalar is a wrapped number cast to the dtype the comparison runs in, self's promoted with it, as
     * PyTorch 1.13's TensorIterator casts it (unchecked: {@code uint8 < 300} compares with 300 wrapped to 44, and
     * {@code int64 < inf} compares in float32).
     */
    private static void metaScalar(TensorIterator op, Tensor self, Scalar other) {
        op.buildComparisonOp(op.maybeGetOutput(0), self, other);
    }
}
