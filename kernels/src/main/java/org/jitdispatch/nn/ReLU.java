package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code max(x, 0)} ({@code torch.nn.ReLU}). */
public final class ReLU extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.relu(input);
    }
}
