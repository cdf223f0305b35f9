package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x * tanh(softplus(x))} ({@code torch.nn.Mish}). */
public final class Mish extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.mish(input);
    }
}
