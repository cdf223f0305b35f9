package org.jitdispatch.optim;

/**
 * Anneals the learning rate from its initial value to {@code etaMin} along half a cosine over {@code tMax} epochs,
 * and back up over the next {@code tMax} ({@code CosineAnnealingLR}), with PyTorch 1.13's recursive formula.
 */
public final class CosineAnnealingLR extends LRScheduler {
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
    }

    @Override
    protected double nextLr(double current, int epoch) {
        if ((epoch - 1 - tMax) % (2 * tMax) == 0) {
            return current + (baseLr - etaMin) * (1 - Math.cos(Math.PI / tMax)) / 2;
        }
        return (1 + Math.cos(Math.PI * epoch / tMax)) / (1 + Math.cos(Math.PI * (epoch - 1) / tMax))
                * (current - etaMin) + etaMin;
    }
}
