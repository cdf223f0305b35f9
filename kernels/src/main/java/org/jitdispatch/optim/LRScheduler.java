package org.jitdispatch.optim;

import java.util.Objects;

/**
 * A learning-rate schedule over an optimizer ({@code torch.optim.lr_scheduler}): made at epoch 0 with the
 * optimizer's initial learning rate, then {@link #step()} once per epoch (after the optimizer's step) sets the
 * rate of the next epoch. Each schedule computes it as PyTorch 1.13's does, from the current rate where PyTorch's
 * is recursive, so the sequence of rates is PyTorch's to the last bit.
 */
public abstract class LRScheduler {
    protected final Optimizer optimizer;
    protected final double baseLr;
    private int lastEpoch;

    protected LRScheduler(Optimizer optimizer) {
        this.optimizer = Objects.requireNonNull(optimizer, "optimizer");
        this.baseLr = optimizer.initialLr();
        this.lastEpoch = 0;
        optimizer.setLr(baseLr);
    }

    /** Moves to the next epoch and sets its learning rate. */
    public final void step() {
        lastEpoch++;
        optimizer.setLr(nextLr(optimizer.lr(), lastEpoch));
    }

    /** The epoch the current rate is for (0 before the first step). */
    public final int lastEpoch() {
        return lastEpoch;
    }

    /** The learning rate now in use ({@code get_last_lr()}). */
    public final double lastLr() {
        return optimizer.lr();
    }

    /** The rate of {@code epoch}, given the rate of the epoch before. */
    protected abstract double nextLr(double current, int epoch);
}
