package org.jitdispatch.optim;

import java.util.List;
import org.jitdispatch.Tensor;

/**
 * What Adamax, NAdam and RAdam share: {@code betas}, {@code eps} and {@code weight_decay}, checked in PyTorch's
 * order (eps, then the betas, then weight_decay), and beta1 open to a schedule ({@link HasBetas}).
 */
abstract class AdamFamily extends Optimizer implements HasBetas {
    /** Not final: a schedule's cycle_momentum sets it between steps. */
    protected double beta1;
    protected final double beta2;
    protected final double eps;
    protected final double weightDecay;

    AdamFamily(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay) {
        super(params, lr);
        checkNonNegative("epsilon value", eps);
        Betas.check(beta1, beta2);
        checkNonNegative("weight_decay value", weightDecay);
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.eps = eps;
        this.weightDecay = weightDecay;
    }

    @Override
    public final double beta1() {
        return beta1;
    }

    @Override
    public final double beta2() {
        return beta2;
    }

    @Override
    public final void setBeta1(double beta1) {
        this.beta1 = beta1;
    }
}
