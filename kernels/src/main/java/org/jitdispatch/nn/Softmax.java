package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The softmax over {@code dim} ({@code torch.nn.Softmax}; PyTorch's implicit dim, deprecated, is not offered). */
public final class Softmax extends Module {
    private final long dim;

    public Softmax(long dim) {
        this.dim = dim;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.softmax(input, dim);
    }

    @Override
    protected String extraRepr() {
        return "dim=" + dim;
    }
}
