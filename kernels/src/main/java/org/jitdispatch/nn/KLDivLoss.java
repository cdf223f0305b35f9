package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The KL divergence of log-probabilities {@code input} from {@code target} ({@code torch.nn.KLDivLoss}; target as
 * log-probabilities with {@code logTarget}).
 */
public final class KLDivLoss extends Loss {
    private final boolean logTarget;

    public KLDivLoss() {
        this("mean", false);
    }

    public KLDivLoss(String reduction, boolean logTarget) {
        super(reduction);
        this.logTarget = logTarget;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.kl_div(input, target, reduction(), logTarget);
    }
}
