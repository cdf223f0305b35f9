package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

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
        return Functional.mse_loss(input, target, reduction());
    }
}
