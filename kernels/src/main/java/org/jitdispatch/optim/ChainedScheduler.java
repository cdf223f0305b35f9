package org.jitdispatch.optim;

import java.util.List;

/**
 * Steps several schedules of one optimizer together ({@code ChainedScheduler}): each {@link #step()} steps them in
 * order, so recursive schedules compound (a {@link ConstantLR} warm-up under an {@link ExponentialLR} decay, say).
 * <p>Rates: those of its schedules, to the last bit where theirs are.
 */
public final class ChainedScheduler extends LRScheduler {
    private final List<LRScheduler> schedulers;

    public ChainedScheduler(List<? extends LRScheduler> schedulers) {
        super(schedulers.get(0).optimizer());
        for (int i = 1; i < schedulers.size(); i++) {
            if (schedulers.get(i).optimizer() != schedulers.get(0).optimizer()) {
                throw new IllegalArgumentException("ChainedScheduler expects all schedulers to belong to the same "
                        + "optimizer, but got schedulers at index 0 and " + i + " to be different");
            }
        }
        this.schedulers = List.copyOf(schedulers);
    }

    @Override
    public void step() {
        for (LRScheduler s : schedulers) {
            s.step();
        }
    }
}
