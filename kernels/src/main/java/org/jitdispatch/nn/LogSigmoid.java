package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code log(1 / (1 + exp(-x)))} ({@code torch.nn.LogSigmoid}). */
public final class LogSigmoid extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Functional.logsigmoid(input);
    }
}
