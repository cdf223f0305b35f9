package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * {@code log(1 + exp(beta * x)) / beta}, and x itself where {@code beta * x > threshold} ({@code torch.nn.Softplus},
 * beta 1 and threshold 20 by default).
 */
public final class Softplus extends Module {
    private final double beta;
    private final double threshold;
    /** Built with the defaults, which PyTorch declares as the ints {@code beta=1, threshold=20} and prints so. */
    private final boolean defaults;

    public Softplus() {
        this(1.0, 20.0, true);
    }

    public Softplus(double beta, double threshold) {
        this(beta, threshold, false);
    }

    private Softplus(double beta, double threshold, boolean defaults) {
        this.beta = beta;
        this.threshold = threshold;
        this.defaults = defaults;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.softplus(input, beta, threshold);
    }

    @Override
    protected String extraRepr() {
        return defaults ? "beta=1, threshold=20"
                : "beta=" + PyRepr.of(beta) + ", threshold=" + PyRepr.of(threshold);
    }
}
