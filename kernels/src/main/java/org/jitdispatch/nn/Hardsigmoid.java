package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code relu6(x + 3) / 6} ({@code torch.nn.Hardsigmoid}). */
public final class Hardsigmoid extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.hardsigmoid(input);
    }
}
