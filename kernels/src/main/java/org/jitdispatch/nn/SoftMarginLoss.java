package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The two-class logistic loss {@code log(1 + exp(-y x))} for targets of 1 and -1 ({@code torch.nn.SoftMarginLoss}). */
public final class SoftMarginLoss extends Loss {
    public SoftMarginLoss() {
        this("mean");
    }

    public SoftMarginLoss(String reduction) {
        super(reduction);
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.soft_margin_loss(input, target, reduction());
    }
}
