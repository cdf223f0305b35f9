package org.jitdispatch.optim;

/**
 * Multiplies the learning rate by {@code gamma} every epoch ({@code ExponentialLR}): 1.13's recursive
 * {@code get_lr}, and its closed form {@code base_lr * gamma ** epoch} for a restart.
 * <p>Rates: PyTorch's to the last bit (products only).
 */
public final class ExponentialLR extends ChainableLRScheduler {
    private final double gamma;

    public ExponentialLR(Optimizer optimizer, double gamma) {
        super(optimizer);
        this.gamma = gamma;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        return epoch == 0 ? current : current * gamma;
    }

    @Override
    protected double closedFormLr(int epoch) {
        return baseLr * Math.pow(gamma, epoch);
    }
}
