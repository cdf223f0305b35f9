package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** The mean squared error ({@code torch.nn.MSELoss}). */
public final class MSELoss extends Loss {
    public MSELoss() {
        this("mean");
    }

    public MSELoss(String reduction) {
        super(reduction);
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Torch.mse_loss(input, target, reductionEnum());
    }
}
