package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The scaled ELU with SELU's fixed constants ({@code torch.nn.SELU}). */
public final class SELU extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.selu(input);
    }
}
