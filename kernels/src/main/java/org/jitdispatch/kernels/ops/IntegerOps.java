package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * gcd, lcm and the bit shifts, structured binary TensorIterator ops over the integer dtypes as PyTorch 1.13's
 * BinaryOps.cpp (bool and floating dtypes refused with ATen's kernel names), with the Scalar overloads of the
 * shifts (the Scalar a wrapped number) and 1.13's Python-operator spellings {@code __lshift__}, {@code __rshift__},
 * {@code __ilshift__} and {@code __irshift__}, which run the same kernels.
 */
public final class IntegerOps implements IntegerOpsDeclarations {

    @Override
    public void meta_gcd(TensorIterator op, Tensor self, Tensor other) {
        binaryIntegerMeta(op, self, other, "gcd_cpu");
    }

    @Override
    public void gcd_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.gcd(op, op.commonDtype());
    }

    @Override
    public void meta_lcm(TensorIterator op, Tensor self, Tensor other) {
        binaryIntegerMeta(op, self, other, "lcm_cpu");
    }

    @Override
    public void lcm_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.lcm(op, op.commonDtype());
    }

    @Override
    public void meta_bitwise_left_shift_Tensor(TensorIterator op, Tensor self, Tensor other) {
        binaryIntegerMeta(op, self, other, "lshift_cpu");
    }

    /** {@code a << b} in the integer type (ATen shifts a as unsigned: the same bits). */
    @Override
    public void bitwise_left_shift_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.lshift(op, op.commonDtype());
    }

    @Override
    public void meta_bitwise_right_shift_Tensor(TensorIterator op, Tensor self, Tensor other) {
        binaryIntegerMeta(op, self, other, "rshift_cpu");
    }

    /** {@code a >> b}, arithmetic (uint8 values are never negative). */
    @Override
    public void bitwise_right_shift_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.rshift(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- Scalar overloads: a wrapped number

    @Override
    public Tensor bitwise_left_shift(Tensor self, Scalar other) {
        return Torch.bitwise_left_shift(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_left_shift_(Tensor self, Scalar other) {
        return self.bitwise_left_shift_(Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_left_shift_out(Tensor self, Scalar other, Tensor out) {
        return Torch.bitwise_left_shift_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_left_shift(Scalar self, Tensor other) {
        return Torch.bitwise_left_shift(Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor bitwise_right_shift(Tensor self, Scalar other) {
        return Torch.bitwise_right_shift(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_right_shift_(Tensor self, Scalar other) {
        return self.bitwise_right_shift_(Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_right_shift_out(Tensor self, Scalar other, Tensor out) {
        return Torch.bitwise_right_shift_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_right_shift(Scalar self, Tensor other) {
        return Torch.bitwise_right_shift(Elementwise.wrappedScalarTensor(self), other);
    }

    // ---------------------------------------------------------------- the Python operators' spellings

    @Override
    public Tensor __lshift__(Tensor self, Scalar other) {
        return bitwise_left_shift(self, other);
    }

    @Override
    public Tensor __lshift__(Tensor self, Tensor other) {
        return Torch.bitwise_left_shift(self, other);
    }

    @Override
    public Tensor __ilshift__(Tensor self, Scalar other) {
        return bitwise_left_shift_(self, other);
    }

    @Override
    public Tensor __ilshift__(Tensor self, Tensor other) {
        return self.bitwise_left_shift_(other);
    }

    @Override
    public Tensor __rshift__(Tensor self, Scalar other) {
        return bitwise_right_shift(self, other);
    }

    @Override
    public Tensor __rshift__(Tensor self, Tensor other) {
        return Torch.bitwise_right_shift(self, other);
    }

    @Override
    public Tensor __irshift__(Tensor self, Scalar other) {
        return bitwise_right_shift_(self, other);
    }

    @Override
    public Tensor __irshift__(Tensor self, Tensor other) {
        return self.bitwise_right_shift_(other);
    }

    /** build_borrowing_binary_op, then AT_DISPATCH_INTEGRAL_TYPES: bool and floating dtypes have no loop. */
    private static void binaryIntegerMeta(TensorIterator op, Tensor self, Tensor other, String kernel) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        ScalarType dtype = op.commonDtype();
        if (!op.isMeta() && (dtype == ScalarType.Bool || dtype.isFloatingPoint())) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
    }
}
