package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Binary cross entropy of probabilities ({@code torch.nn.BCELoss}), with an optional weight per element. */
public final class BCELoss extends Loss {
    private final Tensor weight;

    public BCELoss() {
        this("mean", null);
    }

    public BCELoss(String reduction, Tensor weight) {
        super(reduction);
        this.weight = weight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.binary_cross_entropy(input, target, weight, reduction());
    }
}
