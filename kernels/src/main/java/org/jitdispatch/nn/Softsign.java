package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** {@code x / (1 + |x|)} ({@code torch.nn.Softsign}, written as F.softsign writes it). */
public final class Softsign extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.softsign(input);
    }
}
