package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The torch.special operators of PyTorch 1.13 that name another operator ({@code special_expit} is sigmoid,
 * {@code special_psi} digamma, {@code special_gammaln} lgamma, ...): each calls it, as 1.13's SpecialOps do,
 * so values, errors and gradients are that operator's. special_ndtr is 1.13's composite over erf.
 */
public final class SpecialAliases implements SpecialAliasesDeclarations {

    @Override
    public Tensor special_expit(Tensor self) {
        return Torch.sigmoid(self);
    }

    @Override
    public Tensor special_expit_out(Tensor self, Tensor out) {
        return Torch.sigmoid_out(out, self);
    }

    @Override
    public Tensor special_logit(Tensor self, Double eps) {
        return Torch.logit(self, eps);
    }

    @Override
    public Tensor special_logit_out(Tensor self, Double eps, Tensor out) {
        return Torch.logit_out(out, self, eps);
    }

    @Override
    public Tensor special_exp2(Tensor self) {
        return Torch.exp2(self);
    }

    @Override
    public Tensor special_exp2_out(Tensor self, Tensor out) {
        return Torch.exp2_out(out, self);
    }

    @Override
    public Tensor special_expm1(Tensor self) {
        return Torch.expm1(self);
    }

    @Override
    public Tensor special_expm1_out(Tensor self, Tensor out) {
        return Torch.expm1_out(out, self);
    }

    @Override
    public Tensor special_log1p(Tensor self) {
        return Torch.log1p(self);
    }

    @Override
    public Tensor special_log1p_out(Tensor self, Tensor out) {
        return Torch.log1p_out(out, self);
    }

    @Override
    public Tensor special_erf(Tensor self) {
        return Torch.erf(self);
    }

    @Override
    public Tensor special_erf_out(Tensor self, Tensor out) {
        return Torch.erf_out(out, self);
    }

    @Override
    public Tensor special_erfc(Tensor self) {
        return Torch.erfc(self);
    }

    @Override
    public Tensor special_erfc_out(Tensor self, Tensor out) {
        return Torch.erfc_out(out, self);
    }

    @Override
    public Tensor special_erfinv(Tensor self) {
        return Torch.erfinv(self);
    }

    @Override
    public Tensor special_erfinv_out(Tensor self, Tensor out) {
        return Torch.erfinv_out(out, self);
    }

    @Override
    public Tensor special_psi(Tensor self) {
        return Torch.digamma(self);
    }

    @Override
    public Tensor special_psi_out(Tensor self, Tensor out) {
        return Torch.digamma_out(out, self);
    }

    @Override
    public Tensor special_digamma(Tensor self) {
        return Torch.digamma(self);
    }

    @Override
    public Tensor special_digamma_out(Tensor self, Tensor out) {
        return Torch.digamma_out(out, self);
    }

    @Override
    public Tensor special_gammaln(Tensor self) {
        return Torch.lgamma(self);
    }

    @Override
    public Tensor special_gammaln_out(Tensor self, Tensor out) {
        return Torch.lgamma_out(out, self);
    }

    @Override
    public Tensor special_round(Tensor self, long decimals) {
        return Torch.round(self, decimals);
    }

    @Override
    public Tensor special_round_out(Tensor self, long decimals, Tensor out) {
        return Torch.round_out(out, self, decimals);
    }

    @Override
    public Tensor special_sinc(Tensor self) {
        return Torch.sinc(self);
    }

    @Override
    public Tensor special_sinc_out(Tensor self, Tensor out) {
        return ResultIntoOut.castingCopy(Torch.sinc(self), out);
    }

    @Override
    public Tensor special_log_softmax(Tensor self, long dim, ScalarType dtype) {
        return Torch.log_softmax(self, dim, dtype);
    }

    @Override
    public Tensor special_softmax(Tensor self, long dim, ScalarType dtype) {
        return Torch.softmax(self, dim, dtype);
    }

    @Override
    public Tensor special_logsumexp(Tensor self, long[] dim, boolean keepdim) {
        return Torch.logsumexp(self, dim, keepdim);
    }

    @Override
    public Tensor special_logsumexp_out(Tensor self, long[] dim, boolean keepdim, Tensor out) {
        return Torch.logsumexp_out(out, self, dim, keepdim);
    }

    @Override
    public Tensor special_xlogy(Tensor self, Tensor other) {
        return Torch.xlogy(self, other);
    }

    @Override
    public Tensor special_xlogy(Scalar self, Tensor other) {
        return Torch.xlogy(self, other);
    }

    @Override
    public Tensor special_xlogy(Tensor self, Scalar other) {
        return Torch.xlogy(self, other);
    }

    @Override
    public Tensor special_xlogy_out(Tensor self, Tensor other, Tensor out) {
        return Torch.xlogy_out(out, self, other);
    }

    @Override
    public Tensor special_xlogy_out(Scalar self, Tensor other, Tensor out) {
        return Torch.xlogy_out(out, Elementwise.wrappedScalarTensor(self), other);
    }

    @Override
    public Tensor special_xlogy_out(Tensor self, Scalar other, Tensor out) {
        return Torch.xlogy_out(out, self, Elementwise.wrappedScalarTensor(other));
    }

    @Override
    public Tensor special_polygamma(long n, Tensor self) {
        return Torch.polygamma(n, self);
    }

    @Override
    public Tensor special_polygamma_out(long n, Tensor self, Tensor out) {
        return Torch.polygamma_out(out, n, self);
    }

    @Override
    public Tensor special_i0(Tensor self) {
        return Torch.i0(self);
    }

    @Override
    public Tensor special_i0_out(Tensor self, Tensor out) {
        return Torch.i0_out(out, self);
    }

    @Override
    public Tensor special_multigammaln(Tensor self, long p) {
        return Torch.mvlgamma(self, p);
    }

    @Override
    public Tensor special_multigammaln_out(Tensor self, long p, Tensor out) {
        return Torch.mvlgamma_out(out, self, p);
    }

    @Override
    public Tensor special_gammainc(Tensor self, Tensor other) {
        return Torch.igamma(self, other);
    }

    @Override
    public Tensor special_gammainc_out(Tensor self, Tensor other, Tensor out) {
        return Torch.igamma_out(out, self, other);
    }

    @Override
    public Tensor special_gammaincc(Tensor self, Tensor other) {
        return Torch.igammac(self, other);
    }

    @Override
    public Tensor special_gammaincc_out(Tensor self, Tensor other, Tensor out) {
        return Torch.igammac_out(out, self, other);
    }

    /** calc_ndtr: {@code (1 + erf(x / sqrt(2))) / 2}, an integer x promoted by the multiplication. */
    @Override
    public Tensor special_ndtr(Tensor self) {
        return Torch.erf(self.mul(Scalar.of(SQRT1_2))).add(Scalar.of(1)).mul(Scalar.of(0.5));
    }

    /** special_ndtr_out: the result cast into out, which must be able to hold its dtype. */
    @Override
    public Tensor special_ndtr_out(Tensor self, Tensor out) {
        return ResultIntoOut.castingCopy(special_ndtr(self), out);
    }

    /** M_SQRT1_2. */
    private static final double SQRT1_2 = 0.70710678118654752440;
}
