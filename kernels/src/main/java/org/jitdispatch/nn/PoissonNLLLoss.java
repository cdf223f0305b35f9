package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The negative log-likelihood of a Poisson distribution ({@code torch.nn.PoissonNLLLoss}): {@code exp(x) - y x}
 * for log rates (the default), {@code x - y log(x + eps)} for rates; {@code full} adds Stirling's term.
 */
public final class PoissonNLLLoss extends Loss {
    private final boolean logInput;
    private final boolean full;
    private final double eps;

    public PoissonNLLLoss() {
        this(true, false, 1e-8, "mean");
    }

    public PoissonNLLLoss(boolean logInput, boolean full, double eps, String reduction) {
        super(reduction);
        this.logInput = logInput;
        this.full = full;
        this.eps = eps;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.poisson_nll_loss(input, target, logInput, full, eps, reduction());
    }
}
