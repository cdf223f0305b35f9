package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The mean absolute error ({@code torch.nn.L1Loss}). */
public final class L1Loss extends Loss {
    public L1Loss() {
        this("mean");
    }

    public L1Loss(String reduction) {
        super(reduction);
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.l1_loss(input, target, reduction());
    }
}
