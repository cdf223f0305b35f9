package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.kernels.iter.CastRules;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The multivariate log-gamma function mvlgamma ({@code sum_i lgamma(x - i / 2) + p (p - 1) / 4 log pi}, written
 * as PyTorch 1.13's UnaryOps.cpp writes it, over arange, lgamma and sum) and the Hurwitz zeta function
 * special_zeta (a structured float op, as 1.13's BinaryOps.cpp), and the regularized incomplete gamma functions
 * igamma and igammac (structured, floating dtypes only; {@link IncompleteGamma}).
 */
public final class GammaFunctions implements GammaFunctionsDeclarations {

    /** mvlgamma: integer inputs computed in the default dtype. */
    @Override
    public Tensor mvlgamma(Tensor self, long p) {
        check(self, p);
        ScalarType dtype = self.dtype().isFloatingPoint() ? self.dtype() : ResultType.DEFAULT_DTYPE;
        return Torch.lgamma(arguments(self, p, dtype)).sum(new long[] {-1}, false).add(Scalar.of(logPiTerm(p)));
    }

    @Override
    public Tensor mvlgamma_(Tensor self, long p) {
        check(self, p);
        Tensor value = Torch.lgamma(arguments(self, p, self.dtype())).sum(new long[] {-1}, false)
                .add(Scalar.of(logPiTerm(p)));
        return self.copy_(value);
    }

    /** mvlgamma_out: the functional result cast into out (1.13's message names self's dtype, then the result's). */
    @Override
    public Tensor mvlgamma_out(Tensor self, long p, Tensor out) {
        Tensor result = mvlgamma(self, p);
        if (!CastRules.canCast(result.dtype(), out.dtype())) {
            throw new IllegalArgumentException("mvlgamma: result type " + self.dtype().c10Name()
                    + " can't be cast to the desired output type " + result.dtype().c10Name());
        }
        return ResultIntoOut.copy(result, out);
    }

    /** {@code x - i / 2} for i = p - 1 .. 0, along a new last dim: arange(-p/2 + 1/2, 1/2, 1/2) + x. */
    private static Tensor arguments(Tensor self, long p, ScalarType dtype) {
        Tensor halves = Torch.arange(Scalar.of(-p * 0.5 + 0.5), Scalar.of(0.5), Scalar.of(0.5), dtype, null,
                self.device());
        return halves.add(self.unsqueeze(-1));
    }

    private static double logPiTerm(long p) {
        return (double) (p * (p - 1)) * Math.log(Math.PI) * 0.25;
    }

    private static void check(Tensor self, long p) {
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("The input tensor may not be a boolean tensor.");
        }
        if (p < 1) {
            throw new IllegalArgumentException("p has to be greater than or equal to 1");
        }
    }

    // ---------------------------------------------------------------- igamma, igammac

    /** build_borrowing_binary_op over floating dtypes only (integers refused, not promoted, as in 1.13). */
    @Override
    public void meta_igamma(TensorIterator op, Tensor self, Tensor other) {
        floatingBinary(op, self, other, "igamma_cpu");
    }

    @Override
    public void igamma_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.igamma(op, op.commonDtype());
    }

    @Override
    public void meta_igammac(TensorIterator op, Tensor self, Tensor other) {
        floatingBinary(op, self, other, "igammac_cpu");
    }

    @Override
    public void igammac_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.igammac(op, op.commonDtype());
    }

    private static void floatingBinary(TensorIterator op, Tensor self, Tensor other, String kernel) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
        if (!op.isMeta() && !op.commonDtype().isFloatingPoint()) {
            throw Elementwise.notImplemented(kernel, op.commonDtype());
        }
    }

    // ---------------------------------------------------------------- special_zeta

    @Override
    public void meta_special_zeta(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryFloatOp(op.maybeGetOutput(0), self, other);
        ScalarType dtype = op.commonDtype();
        if (!op.isMeta() && (dtype == ScalarType.Float16 || dtype == ScalarType.BFloat16)) {
            throw Elementwise.notImplemented("zeta_cpu", dtype); // 1.13's CPU loop: float and double only
        }
    }

    @Override
    public void special_zeta_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.zeta(op, op.commonDtype());
    }

    @Override
    public Tensor special_zeta(Scalar self, Tensor other) {
        return Torch.special_zeta(Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor special_zeta(Tensor self, Scalar other) {
        return Torch.special_zeta(self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor special_zeta_out(Scalar self, Tensor other, Tensor out) {
        return Torch.special_zeta_out(out, Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor special_zeta_out(Tensor self, Scalar other, Tensor out) {
        return Torch.special_zeta_out(out, self, Elementwise.wrappedScalarTensor(other));
    }
}
