package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** The first half of {@code dim} times the sigmoid of the second ({@code torch.nn.GLU}, dim -1 by default). */
public final class GLU extends Module {
    private final long dim;

    public GLU() {
        this(-1);
    }

    public GLU(long dim) {
        this.dim = dim;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.glu(input, dim);
    }

    @Override
    protected String extraRepr() {
        return "dim=" + dim;
    }
}
