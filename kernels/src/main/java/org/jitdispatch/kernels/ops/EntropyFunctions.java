package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;

/**
 * special_entr ({@code -x log x}) and special_xlog1py ({@code x log1p(y)}), structured float ops as PyTorch 1.13's
 * UnaryOps.cpp and BinaryOps.cpp (integer inputs give float results), with xlog1py's Scalar overloads as a wrapped
 * number, as 1.13's CompositeExplicitAutograd kernels make them.
 */
public final class EntropyFunctions implements EntropyFunctionsDeclarations {

    @Override
    public void meta_special_entr(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void special_entr_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.entr(op, op.commonDtype());
    }

    @Override
    public void meta_special_xlog1py(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void special_xlog1py_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.xlog1py(op, op.commonDtype());
    }

    @Override
    public Tensor special_xlog1py(Scalar self, Tensor other) {
        return Torch.special_xlog1py(Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor special_xlog1py(Tensor self, Scalar other) {
        return Torch.special_xlog1py(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor special_xlog1py_out(Scalar self, Tensor other, Tensor out) {
        return Torch.special_xlog1py_out(out, Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor special_xlog1py_out(Tensor self, Scalar other, Tensor out) {
        return Torch.special_xlog1py_out(out, self, Elementwise.wrappedScalarTensor(other));
    }
}
