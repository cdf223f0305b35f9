package org.jitdispatch.optim;

import java.util.Objects;
import java.util.function.DoubleUnaryOperator;

/**
 * Cyclical learning rates ({@code CyclicLR}), stepped after every batch: the rate climbs from {@code base_lr} to
 * {@code max_lr} over {@code step_size_up} steps and back over {@code step_size_down}, the amplitude scaled per
 * cycle ({@code triangular}: 1, {@code triangular2}: halved each cycle) or per step ({@code exp_range}: {@code
 * gamma^step}), or by a function of one's own; with {@code cycle_momentum} the optimizer's momentum moves the
 * opposite way between {@code max_momentum} and {@code base_momentum} (1.13 needs a {@code momentum}
 * hyperparameter for it, SGD's or RMSprop's, not Adam's betas). Every rate is 1.13's closed form of the step.
 * As in 1.13, the rate of step 0 is computed from {@code initial_lr}, which is {@code base_lr} unless an earlier
 * schedule had set it.
 * <p>Rates and momenta: PyTorch's to the last bit (triangular2's powers of two are exact; exp_range's {@code Math.pow}
 * is within an ulp of C's in general).
 */
public final class CyclicLR extends ChainableLRScheduler {
    /** The amplitude's scaling ({@code mode}). */
    public enum Mode {
        TRIANGULAR, TRIANGULAR2, EXP_RANGE
    }

    /** What a custom scale function is evaluated on ({@code scale_mode}). */
    public enum ScaleMode {
        CYCLE, ITERATIONS
    }

    /** CyclicLR's keyword arguments besides {@code base_lr} and {@code max_lr}, with PyTorch's defaults. */
    public static final class Options {
        int stepSizeUp = 2000;
        Integer stepSizeDown;
        Mode mode = Mode.TRIANGULAR;
        double gamma = 1.;
        DoubleUnaryOperator scaleFn;
        ScaleMode scaleMode = ScaleMode.CYCLE;
        boolean cycleMomentum = true;
        double baseMomentum = 0.8;
        double maxMomentum = 0.9;

        public Options stepSizeUp(int v) {
            stepSizeUp = v;
            return this;
        }

        /** Defaults to {@code step_size_up}. */
        public Options stepSizeDown(int v) {
            stepSizeDown = v;
            return this;
        }

        public Options mode(Mode v) {
            mode = Objects.requireNonNull(v);
            return this;
        }

        public Options gamma(double v) {
            gamma = v;
            return this;
        }

        /** A scaling of one's own ({@code scale_fn}, values in [0, 1]); {@code mode} is then ignored. */
        public Options scaleFn(DoubleUnaryOperator fn, ScaleMode on) {
            scaleFn = Objects.requireNonNull(fn);
            scaleMode = Objects.requireNonNull(on);
            return this;
        }

        public Options cycleMomentum(boolean v) {
            cycleMomentum = v;
            return this;
        }

        public Options baseMomentum(double v) {
            baseMomentum = v;
            return this;
        }

        public Options maxMomentum(double v) {
            maxMomentum = v;
            return this;
        }
    }

    private final double maxLr;
    private final double totalSize;
    private final double stepRatio;
    private final Mode mode;
    private final double gamma;
    private final DoubleUnaryOperator customScale;
    private final ScaleMode scaleMode;
    private final boolean cycleMomentum;
    private final double baseMomentum;
    private final double maxMomentum;
    /** The lower bound of the rate: initial_lr for the step to epoch 0, base_lr after it (see the class doc). */
    private double lowerLr;

    public CyclicLR(Optimizer optimizer, double baseLr, double maxLr) {
        this(optimizer, baseLr, maxLr, new Options());
    }

    public CyclicLR(Optimizer optimizer, double baseLr, double maxLr, Options options) {
        super(setUp(optimizer, baseLr, options));
        this.maxLr = maxLr;
        double up = options.stepSizeUp;
        double down = options.stepSizeDown != null ? options.stepSizeDown : up;
        this.totalSize = up + down;
        this.stepRatio = up / totalSize;
        this.mode = options.mode;
        this.gamma = options.gamma;
        this.customScale = options.scaleFn;
        this.scaleMode = options.scaleFn != null ? options.scaleMode
                : options.mode == Mode.EXP_RANGE ? ScaleMode.ITERATIONS : ScaleMode.CYCLE;
        this.cycleMomentum = options.cycleMomentum;
        this.baseMomentum = options.cycleMomentum ? ((HasMomentum) optimizer).momentum() : Double.NaN;
        this.maxMomentum = options.maxMomentum;
        this.lowerLr = this.baseLr; // initial_lr: PyTorch's base_lrs until its constructor ends
        initialStep();
        this.lowerLr = baseLr; // the argument, from step 1 on
    }

    /** What 1.13 does before the first step: the rate (and momentum) set to their lower bounds. */
    private static Optimizer setUp(Optimizer optimizer, double baseLr, Options options) {
        optimizer.setScheduledLr(baseLr);
        if (options.cycleMomentum) {
            if (!(optimizer instanceof HasMomentum m)) {
                throw new IllegalArgumentException(
                        "optimizer must support momentum with `cycle_momentum` option enabled");
            }
            m.setMomentum(options.baseMomentum);
        }
        return optimizer;
    }

    @Override
    protected double nextLr(double current, int epoch) {
        double cycle = Math.floor(1 + epoch / totalSize);
        double x = 1. + epoch / totalSize - cycle;
        double scaleFactor = x <= stepRatio ? x / stepRatio : (x - 1) / (stepRatio - 1);
        double scale = scale(scaleMode == ScaleMode.CYCLE ? cycle : epoch);
        double baseHeight = (maxLr - lowerLr) * scaleFactor;
        double lr = lowerLr + baseHeight * scale;
        if (cycleMomentum) {
            double momentumHeight = (maxMomentum - baseMomentum) * scaleFactor;
            ((HasMomentum) optimizer).setMomentum(maxMomentum - momentumHeight * scale);
        }
        return lr;
    }

    private double scale(double x) {
        if (customScale != null) {
            return customScale.applyAsDouble(x);
        }
        switch (mode) {
            case TRIANGULAR:
                return 1.;
            case TRIANGULAR2:
                return 1 / Math.pow(2., x - 1);
            default:
                return Math.pow(gamma, x);
        }
    }
}
