package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Unary math (floor, ceil, round, sin, cos, rsqrt, reciprocal, log1p, erf) and the remainders (remainder, fmod,
 * floor_divide): PyTorch 1.13's UnaryOps.cpp and BinaryOps.cpp with the loops of UnaryOpsKernel.cpp and
 * BinaryOpsKernel.cpp.
 *
 * <p>floor, ceil and round keep the dtype (build_borrowing_unary_op); integers are copied, bool has no loop
 * ({@code "floor_vml_cpu" not implemented for 'Bool'}). The others compute integers and bools in float32
 * (build_borrowing_unary_float_op). Float32 values are computed in double and rounded once (at least as
 * accurate as ATen's vectorized float versions); floor, ceil, round, fmod and remainder are exact either way.
 * erf, which Java lacks, is {@link Erf}'s table of Taylor polynomials (within 1 ulp of glibc).
 *
 * <p>remainder has the sign of the divisor ({@code fmod(a, b)}, plus b when the signs differ), fmod that of
 * the dividend; integer division by zero fails with "ZeroDivisionError" (PyTorch's message) before anything
 * is written, where ATen fails inside the loop. floor_divide is div(rounding_mode='floor'), as in 1.13.
 * The loops are written once in ufuncs.yaml and generated into {@code UfuncKernels}; above the grain they run
 * in parallel chunks, as add and mul do.
 */
public final class ElementwiseMath implements ElementwiseMathDeclarations {

    /** The meta of floor, ceil and round: build_borrowing_unary_op, and no bool loop (checked before writing). */
    private static void roundingMeta(TensorIterator op, Tensor self, String kernel) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        if (!op.isMeta() && op.commonDtype() == ScalarType.Bool) {
            throw Elementwise.notImplemented(kernel, ScalarType.Bool);
        }
    }

    @Override
    public void meta_floor(TensorIterator op, Tensor self) {
        roundingMeta(op, self, "floor_vml_cpu");
    }

    @Override
    public void floor_out(TensorIterator op, Tensor self, Tensor out) {
        if (op.commonDtype().isFloatingPoint()) {
            UfuncKernels.floor(op, op.commonDtype());
        } else {
            Elementwise.copyLoop(op, op.commonDtype()); // integers keep their values
        }
    }

    @Override
    public void meta_ceil(TensorIterator op, Tensor self) {
        roundingMeta(op, self, "ceil_vml_cpu");
    }

    @Override
    public void ceil_out(TensorIterator op, Tensor self, Tensor out) {
        if (op.commonDtype().isFloatingPoint()) {
            UfuncKernels.ceil(op, op.commonDtype());
        } else {
            Elementwise.copyLoop(op, op.commonDtype()); // integers keep their values
        }
    }

    @Override
    public void meta_round(TensorIterator op, Tensor self) {
        roundingMeta(op, self, "round_vml_cpu");
    }

    /** std::nearbyint: halves to even. */
    @Override
    public void round_out(TensorIterator op, Tensor self, Tensor out) {
        if (op.commonDtype().isFloatingPoint()) {
            UfuncKernels.round(op, op.commonDtype());
        } else {
            Elementwise.copyLoop(op, op.commonDtype()); // integers keep their values
        }
    }

    @Override
    public void meta_sin(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void sin_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.sin(op, op.commonDtype());
    }

    @Override
    public void meta_cos(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void cos_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.cos(op, op.commonDtype());
    }

    @Override
    public void meta_rsqrt(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    /** 1 / sqrt(x): inf at 0, -inf at -0, NaN below 0. */
    @Override
    public void rsqrt_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.rsqrt(op, op.commonDtype());
    }

    @Override
    public void meta_reciprocal(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void reciprocal_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.reciprocal(op, op.commonDtype());
    }

    @Override
    public void meta_log1p(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void log1p_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.log1p(op, op.commonDtype());
    }

    @Override
    public void meta_erf(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void erf_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.erf(op, op.commonDtype());
    }

    @Override
    public void meta_expm1(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void expm1_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.expm1(op, op.commonDtype());
    }

    @Override
    public void meta_log2(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void log2_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.log2(op, op.commonDtype());
    }

    @Override
    public void meta_log10(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void log10_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.log10(op, op.commonDtype());
    }

    @Override
    public void meta_sinh(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void sinh_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.sinh(op, op.commonDtype());
    }

    @Override
    public void meta_asinh(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void asinh_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.asinh(op, op.commonDtype());
    }

    @Override
    public void meta_acosh(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void acosh_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.acosh(op, op.commonDtype());
    }

    @Override
    public void meta_atanh(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void atanh_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.atanh(op, op.commonDtype());
    }

    @Override
    public void meta_cosh(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void cosh_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.cosh(op, op.commonDtype());
    }

    @Override
    public void meta_atan(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void atan_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.atan(op, op.commonDtype());
    }

    @Override
    public void meta_asin(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void asin_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.asin(op, op.commonDtype());
    }

    @Override
    public void meta_acos(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void acos_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.acos(op, op.commonDtype());
    }

    @Override
    public void meta_tan(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void tan_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.tan(op, op.commonDtype());
    }

    /**
     * build_borrowing_binary_op; then (CPU only) no bool loop, and an integer zero divisor anywhere in other is
     * "ZeroDivisionError" before anything is written.
     */
    private static void remainderMeta(TensorIterator op, Tensor self, Tensor other, String kernel) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        if (op.isMeta()) {
            return;
        }
        ScalarType dtype = op.commonDtype();
        if (dtype == ScalarType.Bool) {
            throw Elementwise.notImplemented(kernel, dtype);
        }
        if (dtype.isIntegral(false) && op.numel() > 0 && Elementwise.containsZero(other, dtype)) {
            throw new IllegalArgumentException("ZeroDivisionError");
        }
    }

    @Override
    public void meta_fmod_Tensor(TensorIterator op, Tensor self, Tensor other) {
        remainderMeta(op, self, other, "fmod_cpu");
    }

    /** std::fmod (Java's % on floating values is the same truncated remainder); integers truncate. */
    @Override
    public void fmod_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.fmod(op, op.commonDtype());
    }

    @Override
    public void meta_remainder_Tensor(TensorIterator op, Tensor self, Tensor other) {
        remainderMeta(op, self, other, "remainder_cpu");
    }

    /** fmod(a, b), plus b when it is non-zero and its sign differs from b's (so remainder(-5, inf) is inf). */
    @Override
    public void remainder_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.remainder(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- Scalar overloads (CompositeExplicitAutograd)

    @Override
    public Tensor fmod_out(Tensor self, Scalar other, Tensor out) {
        return Torch.fmod_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor fmod(Tensor self, Scalar other) {
        return Torch.fmod(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor fmod_(Tensor self, Scalar other) {
        return self.fmod_(Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor remainder_out(Tensor self, Scalar other, Tensor out) {
        return Torch.remainder_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor remainder(Tensor self, Scalar other) {
        return Torch.remainder(self, Elementwise.wrappedScalarTensor(other));
    }

    /** remainder.Scalar_Tensor: the Scalar as a wrapped number, so other's dtype decides (a Python int stays int). */
    @Override
    public Tensor remainder(Scalar self, Tensor other) {
        return Torch.remainder(Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public void meta_round_decimals(TensorIterator op, Tensor self, long decimals) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        if (!op.isMeta() && !op.commonDtype().isFloatingPoint()) {
            // refused before an out= is resized
            throw Elementwise.notImplemented(decimals == 0 ? "round_vml_cpu" : "round_cpu", op.commonDtype());
        }
    }

    /**
     * round.decimals: the float dtypes only (ATen has no integer shortcut here, unlike round; the meta refuses
     * the others); 10^|decimals| in
     * the dtype, as ATen's round_decimals_kernel, and round's own loop for decimals 0.
     */
    @Override
    public void round_decimals_out(TensorIterator op, Tensor self, long decimals, Tensor out) {
        ScalarType dtype = op.commonDtype();
        if (decimals == 0) {
            UfuncKernels.round(op, dtype);
            return;
        }
        double tenPow = Math.pow(10, Math.abs((double) decimals));
        if (dtype == ScalarType.Float64) {
            UfuncKernels.round_decimals_double(op, tenPow, decimals < 0 ? 1 : 0);
        } else {
            UfuncKernels.round_decimals_float(op, (float) tenPow, decimals < 0 ? 1 : 0);
        }
    }

    @Override
    public Tensor remainder_(Tensor self, Scalar other) {
        return self.remainder_(Elementwise.wrappedScalarTensor(other));
    }

    // ---------------------------------------------------------------- floor_divide

    /** BinaryOps.cpp: div(self, other, rounding_mode='floor'), its checks and messages included. */
    @Override
    public Tensor floor_divide(Tensor self, Tensor other) {
        return Torch.div(self, other, "floor");
    }

    @Override
    public Tensor floor_divide_(Tensor self, Tensor other) {
        return self.div_(other, "floor");
    }

    @Override
    public Tensor floor_divide_out(Tensor self, Tensor other, Tensor out) {
        return Torch.div_out(out, self, other, "floor");
    }

    @Override
    public Tensor floor_divide(Tensor self, Scalar other) {
        return Torch.floor_divide(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor floor_divide_(Tensor self, Scalar other) {
        return self.floor_divide_(Elementwise.wrappedScalarTensor(other));
    }
    // ---------------------------------------------------------------- sign, trunc, atan2

    /** build_borrowing_unary_op: the dtype is kept; a bool is its own sign. */
    @Override
    public void meta_sign(TensorIterator op, Tensor self) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void sign_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.sign(op, op.commonDtype());
    }

    /** For real tensors sgn is sign (ATen's sgn differs only for complex ones). */
    @Override
    public Tensor sgn(Tensor self) {
        return Torch.sign(self);
    }

    @Override
    public Tensor sgn_(Tensor self) {
        return self.sign_();
    }

    @Override
    public Tensor sgn_out(Tensor self, Tensor out) {
        return Torch.sign_out(out, self);
    }

    @Override
    public Tensor fix_out(Tensor self, Tensor out) {
        return Torch.trunc_out(out, self);
    }

    @Override
    public void meta_trunc(TensorIterator op, Tensor self) {
        roundingMeta(op, self, "trunc_vml_cpu");
    }

    @Override
    public void trunc_out(TensorIterator op, Tensor self, Tensor out) {
        if (op.commonDtype().isFloatingPoint()) {
            UfuncKernels.trunc(op, op.commonDtype());
        } else {
            Elementwise.copyLoop(op, op.commonDtype()); // integers keep their values
        }
    }

    /** NumPy's name for trunc. */
    @Override
    public Tensor fix(Tensor self) {
        return Torch.trunc(self);
    }

    @Override
    public Tensor fix_(Tensor self) {
        return Torch.trunc_(self);
    }

    /** build_borrowing_binary_float_op: integers and bools are computed in float32. */
    @Override
    public void meta_atan2(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void atan2_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.atan2(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- the bitwise operators

    /** Integers and bools only: a floating dtype has no loop, refused before anything is written. */
    private static void requireIntegral(TensorIterator op, String kernel) {
        if (!op.isMeta() && op.commonDtype().isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, op.commonDtype());
        }
    }

    @Override
    public void meta_bitwise_not(TensorIterator op, Tensor self) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        requireIntegral(op, "bitwise_not_cpu");
    }

    @Override
    public void bitwise_not_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.bitwise_not(op, op.commonDtype());
    }

    @Override
    public void meta_bitwise_and_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        requireIntegral(op, "bitwise_and_cpu");
    }

    @Override
    public void bitwise_and_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.bitwise_and(op, op.commonDtype());
    }

    @Override
    public Tensor bitwise_and_out(Tensor self, Scalar other, Tensor out) {
        return Torch.bitwise_and_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_and(Tensor self, Scalar other) {
        return Torch.bitwise_and(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_and_(Tensor self, Scalar other) {
        return self.bitwise_and_(Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public void meta_bitwise_or_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        requireIntegral(op, "bitwise_or_cpu");
    }

    @Override
    public void bitwise_or_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.bitwise_or(op, op.commonDtype());
    }

    @Override
    public Tensor bitwise_or_out(Tensor self, Scalar other, Tensor out) {
        return Torch.bitwise_or_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_or(Tensor self, Scalar other) {
        return Torch.bitwise_or(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_or_(Tensor self, Scalar other) {
        return self.bitwise_or_(Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public void meta_bitwise_xor_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        requireIntegral(op, "bitwise_xor_cpu");
    }

    @Override
    public void bitwise_xor_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.bitwise_xor(op, op.commonDtype());
    }

    @Override
    public Tensor bitwise_xor_out(Tensor self, Scalar other, Tensor out) {
        return Torch.bitwise_xor_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_xor(Tensor self, Scalar other) {
        return Torch.bitwise_xor(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor bitwise_xor_(Tensor self, Scalar other) {
        return self.bitwise_xor_(Elementwise.wrappedScalarTensor(other));
    }
    // ---------------------------------------------------------------- xlogy

    /** build_borrowing_binary_float_op. */
    @Override
    public void meta_xlogy_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
    }

    /** {@code x * log(y)}, 0 where x is 0, NaN where y is NaN. */
    @Override
    public void xlogy_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.xlogy(op, op.commonDtype());
    }

    @Override
    public Tensor xlogy(Scalar self, Tensor other) {
        return Torch.xlogy(Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor xlogy(Tensor self, Scalar other) {
        return Torch.xlogy(self, Elementwise.wrappedScalarTensor(other));
    }
}
