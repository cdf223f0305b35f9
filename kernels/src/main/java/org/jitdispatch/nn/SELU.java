package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** The scaled ELU with SELU's fixed constants ({@code torch.nn.SELU}). */
public final class SELU extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Torch.selu(input);
    }

    @Override
    public String toString() {
        return "SELU()";
    }
}
