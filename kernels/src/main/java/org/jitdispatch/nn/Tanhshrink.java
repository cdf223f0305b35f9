package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x - tanh(x)} ({@code torch.nn.Tanhshrink}; F.tanhshrink is Python in 1.13, not an aten operator). */
public final class Tanhshrink extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.tanhshrink(input);
    }
}
