package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Cross entropy of logits against class indices or class probabilities ({@code torch.nn.CrossEntropyLoss}): class
 * weights optional, targets equal to {@code ignoreIndex} (-100 by default) skipped, label smoothing 0 by default.
 */
public final class CrossEntropyLoss extends Loss {
    private final Tensor weight;
    private final long ignoreIndex;
    private final double labelSmoothing;

    public CrossEntropyLoss() {
        this("mean", null, -100, 0.0);
    }

    public CrossEntropyLoss(String reduction, Tensor weight, long ignoreIndex, double labelSmoothing) {
        super(reduction);
        this.weight = weight;
        this.ignoreIndex = ignoreIndex;
        this.labelSmoothing = labelSmoothing;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.cross_entropy(input, target, weight, ignoreIndex, reduction(), labelSmoothing);
    }
}
