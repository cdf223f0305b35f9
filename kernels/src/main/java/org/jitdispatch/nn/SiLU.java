package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x * sigmoid(x)} ({@code torch.nn.SiLU}). */
public final class SiLU extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.silu(input);
    }
}
