package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** {@code x * sigmoid(x)} ({@code torch.nn.SiLU}). */
public final class SiLU extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Torch.silu(input);
    }

    @Override
    public String toString() {
        return "SiLU()";
    }
}
