package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code min(max(x, 0), 6)} ({@code torch.nn.ReLU6}). */
public final class ReLU6 extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.relu6(input);
    }
}
