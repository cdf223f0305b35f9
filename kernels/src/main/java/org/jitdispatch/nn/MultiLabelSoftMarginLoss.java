package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * One logistic loss per class, averaged over the classes ({@code torch.nn.MultiLabelSoftMarginLoss}), for targets of
 * 0 and 1 with any number of classes set: {@code -(y log sigmoid(x) + (1 - y) log sigmoid(-x))}, optionally
 * weighted per class, written over log_sigmoid as PyTorch's functional form is.
 */
public final class MultiLabelSoftMarginLoss extends Loss {
    private final Tensor weight;

    public MultiLabelSoftMarginLoss() {
        this(null, "mean");
    }

    public MultiLabelSoftMarginLoss(Tensor weight, String reduction) {
        super(reduction);
        this.weight = weight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.multilabel_soft_margin_loss(input, target, weight, reduction());
    }
}
