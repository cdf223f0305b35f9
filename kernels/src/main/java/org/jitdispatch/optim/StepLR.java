package org.jitdispatch.optim;

/** Multiplies the learning rate by {@code gamma} every {@code stepSize} epochs ({@code StepLR}, gamma 0.1). */
public final class StepLR extends LRScheduler {
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
    }

    @Override
    protected double nextLr(double current, int epoch) {
        return epoch % stepSize == 0 ? current * gamma : current;
    }
}
