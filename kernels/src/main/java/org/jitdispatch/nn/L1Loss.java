package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

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
        return Torch.l1_loss(input, target, reductionEnum());
    }
}
