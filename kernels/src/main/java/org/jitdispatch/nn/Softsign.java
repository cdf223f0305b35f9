package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/** {@code x / (1 + |x|)} ({@code torch.nn.Softsign}, written as F.softsign writes it). */
public final class Softsign extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return input.div(input.abs().add(Scalar.of(1)));
    }

    @Override
    public String toString() {
        return "Softsign()";
    }
}
