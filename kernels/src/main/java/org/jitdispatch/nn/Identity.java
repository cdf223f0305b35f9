package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** Its input, unchanged ({@code torch.nn.Identity}): a placeholder where a module is expected. */
public final class Identity extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return input;
    }
}
