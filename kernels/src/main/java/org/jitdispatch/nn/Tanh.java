package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** {@code tanh(x)} ({@code torch.nn.Tanh}). */
public final class Tanh extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Torch.tanh(input);
    }
}
