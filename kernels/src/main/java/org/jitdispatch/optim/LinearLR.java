package org.jitdispatch.optim;

/**
 * Scales the learning rate by a factor that moves linearly from {@code startFactor} to {@code endFactor} over
 * {@code totalIters} epochs ({@code LinearLR}; 1/3, 1.0 and 5 by default): 1.13's recursive {@code get_lr}, which
 * multiplies the current rate by {@code 1 + (end - start) / (total_iters * start + (epoch - 1) * (end - start))},
 * and its closed form for a restart.
 * <p>Rates: PyTorch's to the last bit (arithmetic only).
 */
public final class LinearLR extends ChainableLRScheduler {
    private final double startFactor;
    private final double endFactor;
    private final int totalIters;

    public LinearLR(Optimizer optimizer) {
        this(optimizer, 1.0 / 3, 1.0, 5);
    }

    public LinearLR(Optimizer optimizer, double startFactor, double endFactor, int totalIters) {
        super(optimizer);
        if (startFactor > 1.0 || startFactor < 0) {
            throw new IllegalArgumentException("Starting multiplicative factor expected to be between 0 and 1.");
        }
        if (endFactor > 1.0 || endFactor < 0) {
            throw new IllegalArgumentException("Ending multiplicative factor expected to be between 0 and 1.");
        }
        this.startFactor = startFactor;
        this.endFactor = endFactor;
        this.totalIters = totalIters;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        if (epoch == 0) {
            return current * startFactor;
        }
        if (epoch > totalIters) {
            return current;
        }
        return current * (1. + (endFactor - startFactor)
                / (totalIters * startFactor + (epoch - 1) * (endFactor - startFactor)));
    }

    @Override
    protected double closedFormLr(int epoch) {
        return baseLr * (startFactor + (endFactor - startFactor) * Math.min(totalIters, epoch) / totalIters);
    }
}
