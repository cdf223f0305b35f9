package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The negative log-likelihood of a Gaussian with a predicted variance ({@code torch.nn.GaussianNLLLoss}): {@code
 * 0.5 (log(var) + (input - target)^2 / var)}, plus {@code 0.5 log(2 pi)} when {@code full}. The variance has the
 * input's shape (one per element), or one dim fewer or a last dim of 1 (one per sample); it is clamped to
 * {@code eps} from below, without that clamp taking part in its gradient, as PyTorch's functional form does.
 */
public final class GaussianNLLLoss {
    private final boolean full;
    private final double eps;
    private final String reduction;

    public GaussianNLLLoss() {
        this(false, 1e-6, "mean");
    }

    public GaussianNLLLoss(boolean full, double eps, String reduction) {
        this.full = full;
        this.eps = eps;
        Loss.reductionEnum(reduction); // refuses an unknown name at construction
        this.reduction = reduction;
    }

    public Tensor forward(Tensor input, Tensor target, Tensor var) {
        return Functional.gaussian_nll_loss(input, target, var, full, eps, reduction);
    }

    @Override
    public String toString() {
        return "GaussianNLLLoss()";
    }
}
