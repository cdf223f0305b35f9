package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The multi-label hinge loss ({@code torch.nn.MultiLabelMarginLoss}): each target row lists a sample's classes, up to
 * the first -1, and every pair of one of them and another class adds {@code max(0, 1 - (x[target] - x[other]))},
 * the sum divided by the number of classes.
 */
public final class MultiLabelMarginLoss extends Loss {
    public MultiLabelMarginLoss() {
        this("mean");
    }

    public MultiLabelMarginLoss(String reduction) {
        super(reduction);
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.multilabel_margin_loss(input, target, reduction());
    }
}
