package org.jitdispatch.optim;

/**
 * Multiplies the learning rate by {@code gamma} every {@code stepSize} epochs ({@code StepLR}, gamma 0.1): 1.13's
 * recursive {@code get_lr}, and its closed form {@code base_lr * gamma^(epoch // step_size)} for a restart.
 * <p>Rates: PyTorch's to the last bit (products only); the closed form's {@code Math.pow} within an ulp of C's.
 */
public final class StepLR extends ChainableLRScheduler {
    private final int stepSize;
    private final double gamma;

    public StepLR(Optimizer optimizer, int stepSize) {
        this(optimizer, stepSize, 0.1);
    }

    public StepLR(Optimizer optimizer, int stepSize, double gamma) {
        super(optimizer);
        if (stepSize <= 0) {
            throw new IllegalArgumentException("step_size must be a positive integer, got " + stepSize);
        }
        this.stepSize = stepSize;
        this.gamma = gamma;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        return epoch == 0 || epoch % stepSize != 0 ? current : current * gamma;
    }

    @Override
    protected double closedFormLr(int epoch) {
        return baseLr * Math.pow(gamma, Math.floorDiv(epoch, stepSize));
    }
}
