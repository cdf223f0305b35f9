package org.jitdispatch.optim;

/**
 * Multiplies the learning rate by {@code factor} until epoch {@code totalIters}, then restores it ({@code
 * ConstantLR}, factor 1/3, total_iters 5): 1.13's recursive {@code get_lr} (times {@code factor} at epoch 0, times
 * {@code 1.0 / factor} at {@code total_iters}) and its closed form for a restart.
 * <p>Rates: PyTorch's to the last bit (arithmetic only).
 */
public final class ConstantLR extends ChainableLRScheduler {
    private final double factor;
    private final int totalIters;

    public ConstantLR(Optimizer optimizer) {
        this(optimizer, 1.0 / 3, 5);
    }

    public ConstantLR(Optimizer optimizer, double factor, int totalIters) {
        super(optimizer);
        if (factor > 1.0 || factor < 0) {
            throw new IllegalArgumentException("Constant multiplicative factor expected to be between 0 and 1.");
        }
        this.factor = factor;
        this.totalIters = totalIters;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        if (epoch == 0) {
            return current * factor;
        }
        if (epoch != totalIters) {
            return current;
        }
        return current * (1.0 / factor);
    }

    @Override
    protected double closedFormLr(int epoch) {
        return baseLr * (factor + (epoch >= totalIters ? 1 : 0) * (1 - factor));
    }
}
