package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code |x| <= lambd ? 0 : x} ({@code torch.nn.Hardshrink}, lambd 0.5 by default). */
public final class Hardshrink extends Module {
    private final double lambd;

    public Hardshrink() {
        this(0.5);
    }

    public Hardshrink(double lambd) {
        this.lambd = lambd;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.hardshrink(input, lambd);
    }

    @Override
    protected String extraRepr() {
        return PyRepr.of(lambd);
    }
}
