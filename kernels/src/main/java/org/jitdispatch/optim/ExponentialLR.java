package org.jitdispatch.optim;

/** Multiplies the learning rate by {@code gamma} every epoch ({@code ExponentialLR}). */
public final class ExponentialLR extends LRScheduler {
    private final double gamma;

    public ExponentialLR(Optimizer optimizer, double gamma) {
        super(optimizer);
        this.gamma = gamma;
    }

    @Override
    protected double nextLr(double current, int epoch) {
        return current * gamma;
    }
}
