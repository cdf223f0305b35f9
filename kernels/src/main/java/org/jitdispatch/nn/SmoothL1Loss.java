package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Quadratic below {@code beta}, linear above it ({@code torch.nn.SmoothL1Loss}, beta 1 by default). */
public final class SmoothL1Loss extends Loss {
    private final double beta;

    public SmoothL1Loss() {
        this("mean", 1.0);
    }

    public SmoothL1Loss(String reduction, double beta) {
        super(reduction);
        this.beta = beta;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.smooth_l1_loss(input, target, reduction(), beta);
    }
}
