package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * {@code log(1 + exp(beta * x)) / beta}, and x itself where {@code beta * x > threshold} ({@code torch.nn.Softplus},
 * beta 1 and threshold 20 by default).
 */
public final class Softplus extends Module {
    private final double beta;
    private final double threshold;

    public Softplus() {
        this(1.0, 20.0);
    }

    public Softplus(double beta, double threshold) {
        this.beta = beta;
        this.threshold = threshold;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.softplus(input, beta, threshold);
    }

    @Override
    public String toString() {
        return "Softplus(beta=" + beta + ", threshold=" + threshold + ")";
    }
}
