package org.jitdispatch.optim;

import java.util.Arrays;

/** Multiplies the learning rate by {@code gamma} at each milestone epoch ({@code MultiStepLR}, gamma 0.1). */
public final class MultiStepLR extends LRScheduler {
    private final int[] milestones;
    private final double gamma;

    public MultiStepLR(Optimizer optimizer, int[] milestones, double gamma) {
        super(optimizer);
        this.milestones = milestones.clone();
        Arrays.sort(this.milestones);
        this.gamma = gamma;
    }

    /** A milestone listed twice multiplies twice, as PyTorch's Counter of milestones does. */
    @Override
    protected double nextLr(double current, int epoch) {
        double lr = current;
        for (int m : milestones) {
            if (m == epoch) {
                lr *= gamma;
            }
        }
        return lr;
    }
}
