package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x} moved {@code lambd} towards 0, and 0 within {@code lambd} of it ({@code torch.nn.Softshrink}, lambd 0.5 by default). */
public final class Softshrink extends Module {
    private final double lambd;

    public Softshrink() {
        this(0.5);
    }

    public Softshrink(double lambd) {
        this.lambd = lambd;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.softshrink(input, lambd);
    }

    @Override
    protected String extraRepr() {
        return PyRepr.of(lambd);
    }
}
