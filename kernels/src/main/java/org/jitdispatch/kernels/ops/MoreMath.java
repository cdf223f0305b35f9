package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * More elementwise math of PyTorch 1.13 (UnaryOps.cpp, BinaryOps.cpp, PointwiseOps.cpp): frac, exp2, logit and
 * its backward, hypot, heaviside, copysign, signbit, nan_to_num, logaddexp, logaddexp2 as ufunc loops with ATen's metas and
 * dtype refusals; float_power, deg2rad and rad2deg written over other operators as ATen writes them.
 */
public final class MoreMath implements MoreMathDeclarations {

    @Override
    public void meta_frac(TensorIterator op, Tensor self) {
        op.buildUnaryOp(op.maybeGetOutput(0), self);
        Activations.requireFloating(op, "frac_cpu");
    }

    /** {@code x - trunc(x)}. */
    @Override
    public void frac_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.frac(op, op.commonDtype());
    }

    @Override
    public void meta_exp2(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void exp2_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.exp2(op, op.commonDtype());
    }

    @Override
    public void meta_logit(TensorIterator op, Tensor self, Double eps) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    /** {@code log(x / (1 - x))}, x clamped to [eps, 1 - eps] when eps is given and not negative. */
    @Override
    public void logit_out(TensorIterator op, Tensor self, Double eps, Tensor out) {
        if (eps == null || eps < 0) {
            UfuncKernels.logit(op, op.commonDtype());
        } else if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.logit_eps_double(op, eps, 1 - eps);
        } else {
            UfuncKernels.logit_eps_float(op, (float) (double) eps, (float) (1 - eps));
        }
    }

    @Override
    public void meta_logit_backward(TensorIterator op, Tensor gradOutput, Tensor self, Double eps) {
        op.buildBinaryOp(op.maybeGetOutput(0), gradOutput, self);
        Activations.requireFloating(op, "logit_backward_cpu");
    }

    /** {@code g / (x (1 - x))}; NaN outside [0, 1] without eps, 0 outside [eps, 1 - eps] with it. */
    @Override
    public void logit_backward_out(TensorIterator op, Tensor gradOutput, Tensor self, Double eps, Tensor gradInput) {
        if (eps == null || eps < 0) {
            UfuncKernels.logit_backward(op, op.commonDtype());
        } else if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.logit_backward_eps_double(op, eps, 1 - eps);
        } else {
            UfuncKernels.logit_backward_eps_float(op, (float) (double) eps, (float) (1 - eps));
        }
    }

    @Override
    public void meta_hypot(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        Activations.requireFloating(op, "hypot_cpu");
    }

    @Override
    public void hypot_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.hypot(op, op.commonDtype());
    }

    /** heaviside's meta: self, values and a given out all of one dtype (ATen has no promotion for it). */
    @Override
    public void meta_heaviside(TensorIterator op, Tensor self, Tensor values) {
        TensorImpl out = op.maybeGetOutput(0);
        if (self.dtype() != values.dtype() || out != null && out.dtype() != self.dtype()) {
            throw new IllegalArgumentException("heaviside is not yet implemented for tensors with different dtypes.");
        }
        op.buildBinaryOp(out, self, values);
    }

    @Override
    public void heaviside_out(TensorIterator op, Tensor self, Tensor values, Tensor out) {
        UfuncKernels.heaviside(op, op.commonDtype());
    }

    @Override
    public void meta_copysign_Tensor(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void copysign_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.copysign(op, op.commonDtype());
    }

    @Override
    public Tensor copysign(Tensor self, Scalar other) {
        return Torch.copysign(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public void meta_signbit(TensorIterator op, Tensor self) {
        TensorImpl out = op.maybeGetOutput(0);
        if (out != null && out.dtype() != ScalarType.Bool) {
            throw new IllegalArgumentException("signbit does not support non-boolean outputs.");
        }
        op.buildUnaryForceBooleanOp(out, self);
    }

    @Override
    public void signbit_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.signbit(op, self.dtype()); // the loop of the input's type; the output is bool
    }

    @Override
    public void meta_isposinf(TensorIterator op, Tensor self) {
        TensorImpl out = op.maybeGetOutput(0);
        if (out != null && out.dtype() != ScalarType.Bool) {
            throw new IllegalArgumentException("isposinf does not support non-boolean outputs.");
        }
        op.buildUnaryForceBooleanOp(out, self);
    }

    /** True where self is +inf; integers and bool are never infinite (1.13 fills false without a loop). */
    @Override
    public void isposinf_out(TensorIterator op, Tensor self, Tensor out) {
        if (self.dtype().isFloatingPoint()) {
            UfuncKernels.isposinf(op, self.dtype());
        } else {
            out.fill_(Scalar.of(false));
        }
    }

    @Override
    public void meta_isneginf(TensorIterator op, Tensor self) {
        TensorImpl out = op.maybeGetOutput(0);
        if (out != null && out.dtype() != ScalarType.Bool) {
            throw new IllegalArgumentException("isneginf does not support non-boolean outputs.");
        }
        op.buildUnaryForceBooleanOp(out, self);
    }

    /** True where self is -inf; integers and bool are never infinite. */
    @Override
    public void isneginf_out(TensorIterator op, Tensor self, Tensor out) {
        if (self.dtype().isFloatingPoint()) {
            UfuncKernels.isneginf(op, self.dtype());
        } else {
            out.fill_(Scalar.of(false));
        }
    }

    @Override
    public void meta_logaddexp(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        Activations.requireFloating(op, "logaddexp_cpu");
    }

    @Override
    public void logaddexp_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.logaddexp(op, op.commonDtype());
    }

    @Override
    public void meta_logaddexp2(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        Activations.requireFloating(op, "logaddexp2_cpu");
    }

    @Override
    public void logaddexp2_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.logaddexp2(op, op.commonDtype());
    }

    // ---------------------------------------------------------------- nan_to_num (not structured in 1.13)

    @Override
    public Tensor nan_to_num(Tensor self, Double nan, Double posinf, Double neginf) {
        return nan_to_num_out(self, nan, posinf, neginf, Torch.empty_like(self));
    }

    @Override
    public Tensor nan_to_num_(Tensor self, Double nan, Double posinf, Double neginf) {
        return nan_to_num_out(self, nan, posinf, neginf, self);
    }

    /**
     * NaN to {@code nan} (0 by default), infinities to {@code posinf}/{@code neginf} (the dtype's largest and
     * lowest finite values by default); integers and bools are copied. out must have self's dtype.
     */
    @Override
    public Tensor nan_to_num_out(Tensor self, Double nan, Double posinf, Double neginf, Tensor out) {
        if (out.dtype() != self.dtype()) {
            throw new IllegalArgumentException("nan_to_num: dtype of out: " + out.dtype().c10Name()
                    + " should be same as input: " + self.dtype().c10Name());
        }
        TensorIterator it = TensorIterator.out(Tensor.FACTORY, out);
        it.buildUnaryOp(out, self); // checks overlap before out is resized
        it.commit();
        if (!self.dtype().isFloatingPoint()) {
            Elementwise.copyLoop(it, self.dtype()); // integers and bools are copied
            it.finish();
            return out;
        }
        double largest = largestFinite(self.dtype());
        double n = nan == null ? 0 : nan;
        double p = posinf == null ? largest : posinf;
        double m = neginf == null ? -largest : neginf;
        if (self.dtype() == ScalarType.Float64) {
            UfuncKernels.nan_to_num_double(it, n, p, m);
        } else {
            UfuncKernels.nan_to_num_float(it, (float) n, (float) p, (float) m);
        }
        it.finish();
        return out;
    }

    private static double largestFinite(ScalarType dtype) {
        switch (dtype) {
            case Float16: return 65504.0;
            case BFloat16: return 3.3895313892515355e38;
            case Float32: return Float.MAX_VALUE;
            default: return Double.MAX_VALUE;
        }
    }

    // ---------------------------------------------------------------- over other operators

    /** pow computed in float64 (both operands converted), as ATen's float_power. */
    @Override
    public Tensor float_power(Tensor self, Tensor exponent) {
        return Torch.pow(self.to(ScalarType.Float64), exponent.to(ScalarType.Float64));
    }

    @Override
    public Tensor float_power(Tensor self, Scalar exponent) {
        return Torch.pow(self.to(ScalarType.Float64), Scalar.of(exponent.toDouble()));
    }

    @Override
    public Tensor float_power(Scalar self, Tensor exponent) {
        return Torch.pow(Scalar.of(self.toDouble()), exponent.to(ScalarType.Float64));
    }

    /** {@code self * pi / 180}; integers and bools become the default floating dtype first. */
    @Override
    public Tensor deg2rad(Tensor self) {
        return Torch.mul(floating(self), Scalar.of(Math.PI / 180.0));
    }

    @Override
    public Tensor rad2deg(Tensor self) {
        return Torch.mul(floating(self), Scalar.of(180.0 / Math.PI));
    }

    /** pow_ of a float64 self (1.13 requires the result's dtype of self) by the exponent in float64. */
    @Override
    public Tensor float_power_(Tensor self, Scalar exponent) {
        checkFloatPowerDtype("base given to float_power_", self);
        return self.pow_(Scalar.of(exponent.toDouble()));
    }

    @Override
    public Tensor float_power_(Tensor self, Tensor exponent) {
        checkFloatPowerDtype("base given to float_power_", self);
        return self.pow_(exponent.to(ScalarType.Float64));
    }

    /** pow_out into a float64 out (1.13 requires the result's dtype of out) of both operands in float64. */
    @Override
    public Tensor float_power_out(Tensor self, Tensor exponent, Tensor out) {
        checkFloatPowerDtype("output given to float_power", out);
        return Torch.pow_out(out, self.to(ScalarType.Float64), exponent.to(ScalarType.Float64));
    }

    @Override
    public Tensor float_power_out(Scalar self, Tensor exponent, Tensor out) {
        checkFloatPowerDtype("output given to float_power", out);
        return Torch.pow_out(out, Scalar.of(self.toDouble()), exponent.to(ScalarType.Float64));
    }

    @Override
    public Tensor float_power_out(Tensor self, Scalar exponent, Tensor out) {
        checkFloatPowerDtype("output given to float_power", out);
        return Torch.pow_out(out, self.to(ScalarType.Float64), Scalar.of(exponent.toDouble()));
    }

    private static void checkFloatPowerDtype(String what, Tensor t) {
        if (t.dtype() != ScalarType.Float64) {
            throw new IllegalArgumentException("the " + what + " has dtype " + t.dtype().c10Name()
                    + " but the operation's result requires dtype Double");
        }
    }

    /** deg2rad into self: the functional result cast into self as TensorIterator casts (a float into an int fails). */
    @Override
    public Tensor deg2rad_(Tensor self) {
        return ResultIntoOut.castingCopy(deg2rad(self), self);
    }

    @Override
    public Tensor deg2rad_out(Tensor self, Tensor out) {
        return ResultIntoOut.castingCopy(deg2rad(self), out);
    }

    @Override
    public Tensor rad2deg_(Tensor self) {
        return ResultIntoOut.castingCopy(rad2deg(self), self);
    }

    @Override
    public Tensor rad2deg_out(Tensor self, Tensor out) {
        return ResultIntoOut.castingCopy(rad2deg(self), out);
    }

    private static Tensor floating(Tensor self) {
        return self.dtype().isFloatingPoint() ? self : self.to(ResultType.DEFAULT_DTYPE);
    }
    // ---------------------------------------------------------------- lgamma, digamma, erfinv

    @Override
    public void meta_lgamma(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void lgamma_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.lgamma(op, op.commonDtype());
    }

    @Override
    public void meta_digamma(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void digamma_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.digamma(op, op.commonDtype());
    }

    @Override
    public void meta_erfinv(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void erfinv_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.erfinv(op, op.commonDtype());
    }

    @Override
    public void meta_erfc(TensorIterator op, Tensor self) {
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    @Override
    public void erfc_out(TensorIterator op, Tensor self, Tensor out) {
        UfuncKernels.erfc(op, op.commonDtype());
    }

    @Override
    public void meta_polygamma(TensorIterator op, long n, Tensor self) {
        if (n < 0) {
            throw new IllegalArgumentException("polygamma(n, x) does not support negative n.");
        }
        op.buildUnaryFloatOp(op.maybeGetOutput(0), self);
    }

    /** digamma for n = 0, trigamma for n = 1, {@code (-1)^(n+1) n! zeta(n + 1, x)} above (SpecialFunctions). */
    @Override
    public void polygamma_out(TensorIterator op, long n, Tensor self, Tensor out) {
        if (op.commonDtype() == ScalarType.Float64) {
            UfuncKernels.polygamma_double(op, n);
        } else {
            UfuncKernels.polygamma_float(op, n);
        }
    }

    @Override
    public Tensor polygamma_(Tensor self, long n) {
        return Torch.polygamma_out(self, n, self);
    }
}
