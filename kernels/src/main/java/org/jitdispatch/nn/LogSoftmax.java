package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** The log of the softmax over {@code dim} ({@code torch.nn.LogSoftmax}; no implicit dim). */
public final class LogSoftmax extends Module {
    private final long dim;

    public LogSoftmax(long dim) {
        this.dim = dim;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Torch.log_softmax(input, dim);
    }

    @Override
    public String toString() {
        return "LogSoftmax(dim=" + dim + ")";
    }
}
