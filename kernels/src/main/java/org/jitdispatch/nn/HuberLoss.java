package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Quadratic below {@code delta}, linear above it, scaled by delta ({@code torch.nn.HuberLoss}, delta 1 by default). */
public final class HuberLoss extends Loss {
    private final double delta;

    public HuberLoss() {
        this("mean", 1.0);
    }

    public HuberLoss(String reduction, double delta) {
        super(reduction);
        this.delta = delta;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.huber_loss(input, target, reduction(), delta);
    }
}
