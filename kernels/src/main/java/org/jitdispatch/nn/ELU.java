package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x > 0 ? x : alpha * (exp(x) - 1)} ({@code torch.nn.ELU}, alpha 1 by default). */
public final class ELU extends Module {
    private final double alpha;

    public ELU() {
        this(1.0);
    }

    public ELU(double alpha) {
        this.alpha = alpha;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.elu(input, alpha, false);
    }

    @Override
    protected String extraRepr() {
        return "alpha=" + PyRepr.of(alpha);
    }
}
