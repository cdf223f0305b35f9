package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Binary cross entropy of logits ({@code torch.nn.BCEWithLogitsLoss}): a weight per element and a weight of the
 * positive class, both optional.
 */
public final class BCEWithLogitsLoss extends Loss {
    private final Tensor weight;
    private final Tensor posWeight;

    public BCEWithLogitsLoss() {
        this("mean", null, null);
    }

    public BCEWithLogitsLoss(String reduction, Tensor weight, Tensor posWeight) {
        super(reduction);
        this.weight = weight;
        this.posWeight = posWeight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.binary_cross_entropy_with_logits(input, target, weight, reduction(), posWeight);
    }
}
