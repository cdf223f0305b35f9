package org.jitdispatch.optim;

import java.util.List;

/**
 * Runs schedules one after another ({@code SequentialLR}): {@code schedulers.get(i)} from epoch
 * {@code milestones[i - 1]} on, each restarted at its epoch 0 when its turn comes (PyTorch's {@code step(0)}, in
 * closed form where the schedule has one). As in 1.13, making it resets the rate to {@code initial_lr} and replays
 * the first schedule's step to epoch 0, undoing what the schedules did when they were made.
 * <p>Rates: those of its schedules, to the last bit where theirs are.
 */
public final class SequentialLR extends LRScheduler {
    private final List<ChainableLRScheduler> schedulers;
    private final int[] milestones;
    private int lastEpoch;

    public SequentialLR(Optimizer optimizer, List<? extends ChainableLRScheduler> schedulers, int[] milestones) {
        super(optimizer);
        for (int i = 0; i < schedulers.size(); i++) {
            if (schedulers.get(i).optimizer() != optimizer) {
                throw new IllegalArgumentException("Sequential Schedulers expects all schedulers to belong to the same "
                        + "optimizer, but got schedulers at index " + i + " to be different than the optimizer passed "
                        + "in.");
            }
        }
        if (milestones.length != schedulers.size() - 1) {
            throw new IllegalArgumentException("Sequential Schedulers expects number of schedulers provided to be one "
                    + "more than the number of milestone points, but got number of schedulers " + schedulers.size()
                    + " and the number of milestones to be equal to " + milestones.length);
        }
        this.schedulers = List.copyOf(schedulers);
        this.milestones = milestones.clone();
        this.lastEpoch = 0;
        optimizer.setScheduledLr(optimizer.initialLr());
        for (ChainableLRScheduler s : this.schedulers) {
            s.rewindOneEpoch();
        }
        this.schedulers.get(0).step();
    }

    @Override
    public void step() {
        lastEpoch++;
        int idx = bisectRight(milestones, lastEpoch);
        ChainableLRScheduler scheduler = schedulers.get(idx);
        if (idx > 0 && milestones[idx - 1] == lastEpoch) {
            scheduler.stepTo(0);
        } else {
            scheduler.step();
        }
    }

    public int lastEpoch() {
        return lastEpoch;
    }

    /** Python's bisect.bisect_right: the number of milestones at or before {@code epoch} (they are increasing). */
    private static int bisectRight(int[] milestones, int epoch) {
        int lo = 0;
        int hi = milestones.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (epoch < milestones[mid]) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        return lo;
    }
}
