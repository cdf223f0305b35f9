package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** {@code 1 / (1 + exp(-x))} ({@code torch.nn.Sigmoid}). */
public final class Sigmoid extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Torch.sigmoid(input);
    }
}
