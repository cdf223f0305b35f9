package org.jitdispatch.optim;

/**
 * Decays the learning rate along {@code (1 - epoch / totalIters)^power} to zero at {@code totalIters}
 * ({@code PolynomialLR}; total_iters 5, power 1.0): 1.13's recursive {@code get_lr}, which multiplies the current
 * rate by {@code ((1 - epoch / T) / (1 - (epoch - 1) / T)) ** power}, and its closed form for a restart.
 * <p>Rates: PyTorch's to the last bit in every checked case (exactly so for power 1); {@code Math.pow} is within an ulp
 * of C's {@code pow} in general.
 */
public final class PolynomialLR extends ChainableLRScheduler {
    private final int totalIters;
    private final double power;

    public PolynomialLR(Optimizer optimizer) {
        this(optimizer, 5, 1.0);
    }

    public PolynomialLR(Optimizer optimizer, int totalIters, double power) {
        super(optimizer);
        this.totalIters = totalIters;
        this.power = power;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        if (epoch == 0 || epoch > totalIters) {
            return current;
        }
        double decayFactor = Math.pow((1.0 - (double) epoch / totalIters)
                / (1.0 - (double) (epoch - 1) / totalIters), power);
        return current * decayFactor;
    }

    @Override
    protected double closedFormLr(int epoch) {
        return baseLr * Math.pow(1.0 - (double) Math.min(totalIters, epoch) / totalIters, power);
    }
}
