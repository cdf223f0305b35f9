package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The softmax of {@code -x} over {@code dim} ({@code torch.nn.Softmin}, as F.softmin writes it; no implicit dim). */
public final class Softmin extends Module {
    private final long dim;

    public Softmin(long dim) {
        this.dim = dim;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.softmin(input, dim);
    }

    @Override
    protected String extraRepr() {
        return "dim=" + dim;
    }
}
