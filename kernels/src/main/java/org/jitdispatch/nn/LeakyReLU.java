package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** {@code x > 0 ? x : negativeSlope * x} ({@code torch.nn.LeakyReLU}, slope 0.01 by default). */
public final class LeakyReLU extends Module {
    private final double negativeSlope;

    public LeakyReLU() {
        this(0.01);
    }

    public LeakyReLU(double negativeSlope) {
        this.negativeSlope = negativeSlope;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.leaky_relu(input, negativeSlope, false);
    }

    @Override
    protected String extraRepr() {
        return "negative_slope=" + PyRepr.of(negativeSlope);
    }
}
