package org.jitdispatch.optim;

/**
 * A schedule that computes each epoch's rate by a formula, PyTorch 1.13's {@code _LRScheduler} with its
 * {@code get_lr}: made over an optimizer, it sets {@code initial_lr} if no schedule has (the base rate), then takes
 * the step to epoch 0, which leaves the rate as it is for most schedules and sets the first rate of others
 * ({@link ConstantLR}, {@link LinearLR}, {@link LambdaLR}, {@link OneCycleLR}, {@link CyclicLR}).
 * {@link #step()} then computes each rate as PyTorch's {@code get_lr} does: from the current rate where it is
 * recursive ("chainable": another schedule's changes to the rate carry over), in closed form where it is not.
 *
 * <p>A subclass computes in {@link #nextLr(double, int)} and calls {@link #initialStep()} at the end of its
 * constructor, when its fields are set (PyTorch sets them before {@code super().__init__}, which steps).
 */
public abstract class ChainableLRScheduler extends LRScheduler {
    protected final double baseLr;
    private int lastEpoch = -1;

    protected ChainableLRScheduler(Optimizer optimizer) {
        super(optimizer);
        this.baseLr = optimizer.adoptInitialLr();
    }

    /** PyTorch's {@code _initial_step}: the step to epoch 0. */
    protected final void initialStep() {
        step();
    }

    @Override
    public final void step() {
        lastEpoch++;
        optimizer.setScheduledLr(nextLr(optimizer.lr(), lastEpoch));
    }

    /** The epoch the current rate is for (0 after construction). */
    public final int lastEpoch() {
        return lastEpoch;
    }

    /** The rate of {@code epoch}, given the rate in use ({@code get_lr}). */
    protected abstract double nextLr(double current, int epoch);

    /**
     * The rate of {@code epoch} in closed form ({@code _get_closed_form_lr}), for the schedules that have one;
     * the others compute {@code get_lr} at that epoch, as PyTorch's {@code step(epoch)} does.
     */
    protected double closedFormLr(int epoch) {
        return nextLr(optimizer.lr(), epoch);
    }

    /** PyTorch's deprecated {@code step(epoch)}, which {@link SequentialLR} uses to restart a schedule at 0. */
    void stepTo(int epoch) {
        lastEpoch = epoch;
        optimizer.setScheduledLr(closedFormLr(epoch));
    }

    /** {@code scheduler.last_epoch -= 1}, as SequentialLR does to its schedules before its first step. */
    final void rewindOneEpoch() {
        lastEpoch--;
    }

    final void setLastEpoch(int epoch) {
        lastEpoch = epoch;
    }
}
