package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x * relu6(x + 3) / 6} ({@code torch.nn.Hardswish}). */
public final class Hardswish extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.hardswish(input);
    }
}
