package org.jitdispatch.optim;

/**
 * Anneals the learning rate from its initial value to {@code etaMin} along half a cosine over {@code tMax} epochs,
 * and back up over the next {@code tMax} ({@code CosineAnnealingLR}), with PyTorch 1.13's recursive formula (and
 * its closed form {@code eta_min + (base_lr - eta_min) * (1 + cos(pi * epoch / T_max)) / 2} for a restart).
 * Not 1.13's branch for a schedule resumed with {@code last_epoch}, which this library does not take.
 * <p>Rates: PyTorch's to the last bit in every checked case; {@code Math.cos} is within an ulp of C's {@code cos} in
 * general.
 */
public final class CosineAnnealingLR extends ChainableLRScheduler {
    private final int tMax;
    private final double etaMin;

    public CosineAnnealingLR(Optimizer optimizer, int tMax) {
        this(optimizer, tMax, 0);
    }

    public CosineAnnealingLR(Optimizer optimizer, int tMax, double etaMin) {
        super(optimizer);
        if (tMax <= 0) {
            throw new IllegalArgumentException("T_max must be a positive integer, got " + tMax);
        }
        this.tMax = tMax;
        this.etaMin = etaMin;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        if (epoch == 0) {
            return current;
        }
        if ((epoch - 1 - tMax) % (2 * tMax) == 0) {
            return current + (baseLr - etaMin) * (1 - Math.cos(Math.PI / tMax)) / 2;
        }
        return (1 + Math.cos(Math.PI * epoch / tMax)) / (1 + Math.cos(Math.PI * (epoch - 1) / tMax))
                * (current - etaMin) + etaMin;
    }

    @Override
    protected double closedFormLr(int epoch) {
        return etaMin + (baseLr - etaMin) * (1 + Math.cos(Math.PI * epoch / tMax)) / 2;
    }
}
