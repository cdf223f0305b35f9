package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code max(0, x) + min(0, alpha * (exp(x / alpha) - 1))} ({@code torch.nn.CELU}, alpha 1 by default). */
public final class CELU extends Module {
    private final double alpha;

    public CELU() {
        this(1.0);
    }

    public CELU(double alpha) {
        this.alpha = alpha;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.celu(input, alpha, false);
    }

    @Override
    protected String extraRepr() {
        return "alpha=" + PyRepr.of(alpha);
    }
}
