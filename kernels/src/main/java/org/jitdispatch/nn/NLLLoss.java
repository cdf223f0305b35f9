package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The negative log likelihood of class indices ({@code torch.nn.NLLLoss}): class weights optional, targets equal to
 * {@code ignoreIndex} (-100 by default) skipped.
 */
public final class NLLLoss extends Loss {
    private final Tensor weight;
    private final long ignoreIndex;

    public NLLLoss() {
        this("mean", null, -100);
    }

    public NLLLoss(String reduction, Tensor weight, long ignoreIndex) {
        super(reduction);
        this.weight = weight;
        this.ignoreIndex = ignoreIndex;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.nll_loss(input, target, weight, ignoreIndex, reduction());
    }
}
