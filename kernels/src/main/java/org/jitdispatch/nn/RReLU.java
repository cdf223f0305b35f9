package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The randomized leaky relu ({@code torch.nn.RReLU}): while training, each negative element's slope is drawn
 * uniformly from {@code [lower, upper]} (the default generator, so a seeded run draws PyTorch's slopes); in eval
 * mode the slope is their mean. Defaults 1/8 and 1/3.
 */
public final class RReLU extends Module {
    private final double lower;
    private final double upper;

    public RReLU() {
        this(1.0 / 8, 1.0 / 3);
    }

    public RReLU(double lower, double upper) {
        this.lower = lower;
        this.upper = upper;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.rrelu(input, lower, upper, isTraining(), false);
    }

    @Override
    protected String extraRepr() {
        return "lower=" + PyRepr.of(lower) + ", upper=" + PyRepr.of(upper);
    }
}
