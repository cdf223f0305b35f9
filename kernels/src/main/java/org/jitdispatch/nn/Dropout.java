package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Zeroes each element with probability {@code p} while training and scales the rest by {@code 1 / (1 - p)}
 * ({@code torch.nn.Dropout}); the identity in eval mode. The mask comes from the default generator, as in
 * PyTorch, so a seeded run drops the same elements.
 */
public final class Dropout extends Module {
    private final double p;

    public Dropout(double p) {
        if (p < 0 || p > 1) {
            throw new IllegalArgumentException("dropout probability has to be between 0 and 1, but got " + p);
        }
        this.p = p;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.dropout(input, p, isTraining());
    }

    @Override
    protected String extraRepr() {
        return "p=" + PyRepr.of(p) + ", inplace=False";
    }
}
