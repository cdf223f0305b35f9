package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.ScalarType;

/**
 * i0, special_i0e, special_i1 and special_i1e: structured unary float ops (integer inputs give float results) as
 * PyTorch 1.13's UnaryOps.cpp, their loops in ufuncs.yaml over {@link Bessel}'s series.
 */
public final class BesselFunctions implements BesselFunctionsDeclarations {

    @Override
    public void meta_i0(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
        refuse(op, "i0_vml_cpu", ScalarType.Float16);
    }

    @Override
    public void i0_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.i0(op, op.commonDtype());
    }

    @Override
    public void meta_special_i0e(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
        refuse(op, "i0e_cpu", ScalarType.Float16);
    }

    @Override
    public void special_i0e_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.i0e(op, op.commonDtype());
    }

    @Override
    public void meta_special_i1(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
        refuse(op, "i1_cpu", ScalarType.Float16, ScalarType.BFloat16);
    }

    @Override
    public void special_i1_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.i1(op, op.commonDtype());
    }

    @Override
    public void meta_special_i1e(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
        refuse(op, "i1e_cpu", ScalarType.Float16, ScalarType.BFloat16);
    }

    @Override
    public void special_i1e_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.i1e(op, op.commonDtype());
    }

    /** 1.13's CPU kernels have no float16 loop (i1 and i1e no bfloat16 one either): refused before out is written. */
    private static void refuse(TensorIterator op, String kernel, ScalarType... missing) {
        if (!op.isMeta()) {
            for (ScalarType t : missing) {
                if (op.commonDtype() == t) {
                    throw Elementwise.notImplemented(kernel, t);
                }
            }
        }
    }
}
