package org.jitdispatch.optim;

import java.util.Arrays;

/**
 * Multiplies the learning rate by {@code gamma} at each milestone epoch ({@code MultiStepLR}, gamma 0.1): 1.13's
 * recursive {@code get_lr} ({@code lr * gamma ** count}, a milestone listed twice counting twice, as PyTorch's
 * Counter of milestones does), and its closed form {@code base_lr * gamma ** bisect_right(milestones, epoch)}.
 * <p>Rates: PyTorch's to the last bit ({@code Math.pow} of a small count is exact for the usual single milestone; in
 * general within an ulp of C's).
 */
public final class MultiStepLR extends ChainableLRScheduler {
    private final int[] milestones;
    private final double gamma;

    public MultiStepLR(Optimizer optimizer, int[] milestones) {
        this(optimizer, milestones, 0.1);
    }

    public MultiStepLR(Optimizer optimizer, int[] milestones, double gamma) {
        super(optimizer);
        this.milestones = milestones.clone();
        Arrays.sort(this.milestones);
        this.gamma = gamma;
        initialStep();
    }

    @Override
    protected double nextLr(double current, int epoch) {
        int count = 0;
        for (int m : milestones) {
            if (m == epoch) {
                count++;
            }
        }
        return count == 0 ? current : current * Math.pow(gamma, count);
    }

    @Override
    protected double closedFormLr(int epoch) {
        int passed = 0;
        for (int m : milestones) {
            if (m <= epoch) {
                passed++;
            }
        }
        return baseLr * Math.pow(gamma, passed);
    }
}
