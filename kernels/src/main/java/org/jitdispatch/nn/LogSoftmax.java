package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The log of the softmax over {@code dim} ({@code torch.nn.LogSoftmax}; no implicit dim). */
public final class LogSoftmax extends Module {
    private final long dim;

    public LogSoftmax(long dim) {
        this.dim = dim;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.log_softmax(input, dim);
    }

    @Override
    protected String extraRepr() {
        return "dim=" + dim;
    }
}
