package org.jitdispatch.optim;

import java.util.Objects;

/**
 * A learning-rate schedule over an optimizer ({@code torch.optim.lr_scheduler}), stepped once per epoch (or per
 * batch, for {@link OneCycleLR} and {@link CyclicLR}) after the optimizer's step. Every schedule but
 * {@link ReduceLROnPlateau}, which steps on a metric, is one: the {@link ChainableLRScheduler}s and the
 * combinations {@link SequentialLR} and {@link ChainedScheduler}.
 */
public abstract class LRScheduler {
    protected final Optimizer optimizer;

    protected LRScheduler(Optimizer optimizer) {
        this.optimizer = Objects.requireNonNull(optimizer, "optimizer");
    }

    /** Moves to the next epoch and sets its learning rate. */
    public abstract void step();

    /** The learning rate now in use ({@code get_last_lr()}). */
    public final double lastLr() {
        return optimizer.lr();
    }

    public final Optimizer optimizer() {
        return optimizer;
    }
}
