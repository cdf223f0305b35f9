package org.jitdispatch.optim;

import java.util.Objects;

/**
 * Reduces the learning rate when a metric has stopped improving ({@code ReduceLROnPlateau}): after more than
 * {@code patience} epochs without improvement the rate becomes {@code max(lr * factor, min_lr)} (if that changes it
 * by more than {@code eps}), then {@code cooldown} epochs pass before bad epochs count again. "Improvement" is
 * 1.13's: in min mode below {@code best * (1 - threshold)} (rel) or {@code best - threshold} (abs), in max mode
 * above {@code best * (threshold + 1)} or {@code best + threshold}. Not an {@link LRScheduler}: it steps on a
 * metric, {@link #step(double)}.
 * <p>Rates: PyTorch's to the last bit (one product per reduction).
 */
public final class ReduceLROnPlateau {
    public enum Mode {
        MIN, MAX
    }

    public enum ThresholdMode {
        REL, ABS
    }

    /** ReduceLROnPlateau's keyword arguments, with PyTorch's defaults. */
    public static final class Options {
        Mode mode = Mode.MIN;
        double factor = 0.1;
        int patience = 10;
        double threshold = 1e-4;
        ThresholdMode thresholdMode = ThresholdMode.REL;
        int cooldown = 0;
        double minLr = 0;
        double eps = 1e-8;

        public Options mode(Mode v) {
            mode = Objects.requireNonNull(v);
            return this;
        }

        public Options factor(double v) {
            factor = v;
            return this;
        }

        public Options patience(int v) {
            patience = v;
            return this;
        }

        public Options threshold(double v) {
            threshold = v;
            return this;
        }

        public Options thresholdMode(ThresholdMode v) {
            thresholdMode = Objects.requireNonNull(v);
            return this;
        }

        public Options cooldown(int v) {
            cooldown = v;
            return this;
        }

        public Options minLr(double v) {
            minLr = v;
            return this;
        }

        public Options eps(double v) {
            eps = v;
            return this;
        }
    }

    private final Optimizer optimizer;
    private final Mode mode;
    private final double factor;
    private final int patience;
    private final double threshold;
    private final ThresholdMode thresholdMode;
    private final int cooldown;
    private final double minLr;
    private final double eps;
    private double best;
    private int numBadEpochs;
    private int cooldownCounter;
    private int lastEpoch;

    public ReduceLROnPlateau(Optimizer optimizer) {
        this(optimizer, new Options());
    }

    public ReduceLROnPlateau(Optimizer optimizer, Options options) {
        if (options.factor >= 1.0) {
            throw new IllegalArgumentException("Factor should be < 1.0.");
        }
        this.optimizer = Objects.requireNonNull(optimizer, "optimizer");
        this.mode = options.mode;
        this.factor = options.factor;
        this.patience = options.patience;
        this.threshold = options.threshold;
        this.thresholdMode = options.thresholdMode;
        this.cooldown = options.cooldown;
        this.minLr = options.minLr;
        this.eps = options.eps;
        this.best = mode == Mode.MIN ? Double.POSITIVE_INFINITY : Double.NEGATIVE_INFINITY;
    }

    /** Records the epoch's metric (a loss in min mode, an accuracy in max mode) and reduces the rate if due. */
    public void step(double metric) {
        lastEpoch++;
        if (isBetter(metric, best)) {
            best = metric;
            numBadEpochs = 0;
        } else {
            numBadEpochs++;
        }
        if (cooldownCounter > 0) {
            cooldownCounter--;
            numBadEpochs = 0; // bad epochs in cooldown do not count
        }
        if (numBadEpochs > patience) {
            reduceLr();
            cooldownCounter = cooldown;
            numBadEpochs = 0;
        }
    }

    private void reduceLr() {
        double oldLr = optimizer.lr();
        double newLr = Math.max(oldLr * factor, minLr);
        if (oldLr - newLr > eps) {
            optimizer.setScheduledLr(newLr);
        }
    }

    private boolean isBetter(double a, double best) {
        if (mode == Mode.MIN && thresholdMode == ThresholdMode.REL) {
            return a < best * (1. - threshold);
        } else if (mode == Mode.MIN) {
            return a < best - threshold;
        } else if (thresholdMode == ThresholdMode.REL) {
            return a > best * (threshold + 1.);
        }
        return a > best + threshold;
    }

    /** The learning rate now in use ({@code get_last_lr()} after a step). */
    public double lastLr() {
        return optimizer.lr();
    }

    /** The best metric so far ({@code best}). */
    public double best() {
        return best;
    }

    /** The number of steps taken ({@code last_epoch}). */
    public int lastEpoch() {
        return lastEpoch;
    }

    public int numBadEpochs() {
        return numBadEpochs;
    }
}
