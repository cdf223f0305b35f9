package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** {@code log(1 / (1 + exp(-x)))} ({@code torch.nn.LogSigmoid}). */
public final class LogSigmoid extends Module {
    @Override
    public Tensor forward(Tensor input) {
        return Torch.log_sigmoid(input);
    }

    @Override
    public String toString() {
        return "LogSigmoid()";
    }
}
