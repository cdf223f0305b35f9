package org.jitdispatch.optim;

/**
 * The 1cycle policy ({@code OneCycleLR}), stepped after every batch: the rate rises from {@code max_lr /
 * div_factor} to {@code max_lr} over the first {@code pct_start} of {@code total_steps}, then falls to {@code
 * initial_lr / final_div_factor} (with {@code three_phase}: back to the initial rate, then down to the minimum),
 * annealed along a cosine or linearly; with {@code cycle_momentum} the momentum (SGD's, RMSprop's, or beta1 of the
 * Adam family) moves the opposite way between {@code max_momentum} and {@code base_momentum}. Every rate is 1.13's
 * closed form of the step. Rates and momenta: PyTorch's to the last bit in every checked case (linear anneal:
 * arithmetic only; {@code Math.cos} is within an ulp of C's in general). Stepping
 * past {@code total_steps} fails as in PyTorch.
 */
public final class OneCycleLR extends ChainableLRScheduler {
    /** How a phase moves from its start value to its end value ({@code anneal_strategy}). */
    public enum AnnealStrategy {
        /** {@code end + (start - end) / 2.0 * (cos(pi * pct) + 1)}. */
        COS,
        /** {@code (end - start) * pct + start}. */
        LINEAR
    }

    /** OneCycleLR's keyword arguments besides {@code max_lr} and {@code total_steps}, with PyTorch's defaults. */
    public static final class Options {
        double pctStart = 0.3;
        AnnealStrategy annealStrategy = AnnealStrategy.COS;
        boolean cycleMomentum = true;
        double baseMomentum = 0.85;
        double maxMomentum = 0.95;
        double divFactor = 25.;
        double finalDivFactor = 1e4;
        boolean threePhase = false;

        public Options pctStart(double v) {
            pctStart = v;
            return this;
        }

        public Options annealStrategy(AnnealStrategy v) {
            annealStrategy = v;
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

        public Options divFactor(double v) {
            divFactor = v;
            return this;
        }

        public Options finalDivFactor(double v) {
            finalDivFactor = v;
            return this;
        }

        public Options threePhase(boolean v) {
            threePhase = v;
            return this;
        }
    }

    /** One phase: where it ends and which group values it anneals between (PyTorch's {@code _schedule_phases}). */
    private record Phase(double endStep, double startLr, double endLr, double startMomentum, double endMomentum) {
    }

    private final int totalSteps;
    private final AnnealStrategy anneal;
    private final Phase[] phases;
    private final boolean cycleMomentum;

    public OneCycleLR(Optimizer optimizer, double maxLr, int totalSteps) {
        this(optimizer, maxLr, totalSteps, new Options());
    }

    /** {@code total_steps = epochs * steps_per_epoch}, as PyTorch computes it when given those two. */
    public static OneCycleLR forEpochs(Optimizer optimizer, double maxLr, int epochs, int stepsPerEpoch,
            Options options) {
        if (epochs <= 0) {
            throw new IllegalArgumentException("Expected positive integer epochs, but got " + epochs);
        }
        if (stepsPerEpoch <= 0) {
            throw new IllegalArgumentException("Expected positive integer steps_per_epoch, but got " + stepsPerEpoch);
        }
        return new OneCycleLR(optimizer, maxLr, epochs * stepsPerEpoch, options);
    }

    public OneCycleLR(Optimizer optimizer, double maxLr, int totalSteps, Options options) {
        super(setUp(optimizer, maxLr, totalSteps, options));
        this.totalSteps = totalSteps;
        this.anneal = options.annealStrategy;
        this.cycleMomentum = options.cycleMomentum;
        double initialLr = baseLr;
        double minLr = initialLr / options.finalDivFactor;
        double maxM = options.maxMomentum;
        double baseM = options.baseMomentum;
        double pct = options.pctStart;
        if (options.threePhase) {
            phases = new Phase[] {
                new Phase(pct * totalSteps - 1, initialLr, maxLr, maxM, baseM),
                new Phase(2 * pct * totalSteps - 2, maxLr, initialLr, baseM, maxM),
                new Phase(totalSteps - 1, initialLr, minLr, maxM, maxM)};
        } else {
            phases = new Phase[] {
                new Phase(pct * totalSteps - 1, initialLr, maxLr, maxM, baseM),
                new Phase(totalSteps - 1, maxLr, minLr, baseM, maxM)};
        }
        initialStep();
    }

    /**
     * What 1.13 does to the optimizer before the schedule's first step: checks the arguments, sets
     * {@code initial_lr = max_lr / div_factor} and, with cycle_momentum, the momentum (or beta1) to max_momentum.
     */
    private static Optimizer setUp(Optimizer optimizer, double maxLr, int totalSteps, Options options) {
        if (totalSteps <= 0) {
            throw new IllegalArgumentException("Expected positive integer total_steps, but got " + totalSteps);
        }
        if (options.pctStart < 0 || options.pctStart > 1) {
            throw new IllegalArgumentException("Expected float between 0 and 1 pct_start, but got "
                    + PythonFloat.str(options.pctStart));
        }
        if (options.cycleMomentum && !(optimizer instanceof HasMomentum) && !(optimizer instanceof HasBetas)) {
            throw new IllegalArgumentException("optimizer must support momentum with `cycle_momentum` option enabled");
        }
        optimizer.setInitialLr(maxLr / options.divFactor);
        if (options.cycleMomentum) {
            setMomentum(optimizer, options.maxMomentum);
        }
        return optimizer;
    }

    private static void setMomentum(Optimizer optimizer, double momentum) {
        if (optimizer instanceof HasBetas b) {
            b.setBeta1(momentum);
        } else {
            ((HasMomentum) optimizer).setMomentum(momentum);
        }
    }

    @Override
    protected double nextLr(double current, int stepNum) {
        if (stepNum > totalSteps) {
            throw new IllegalStateException("Tried to step " + (stepNum + 1) + " times. The specified number of total "
                    + "steps is " + totalSteps);
        }
        double startStep = 0;
        for (int i = 0; i < phases.length; i++) {
            Phase phase = phases[i];
            double endStep = phase.endStep();
            if (stepNum <= endStep || i == phases.length - 1) {
                double pct = (stepNum - startStep) / (endStep - startStep);
                if (cycleMomentum) {
                    setMomentum(optimizer, anneal(phase.startMomentum(), phase.endMomentum(), pct));
                }
                return anneal(phase.startLr(), phase.endLr(), pct);
            }
            startStep = phase.endStep();
        }
        throw new AssertionError("the last phase always applies");
    }

    private double anneal(double start, double end, double pct) {
        if (anneal == AnnealStrategy.COS) {
            double cosOut = Math.cos(Math.PI * pct) + 1;
            return end + (start - end) / 2.0 * cosOut;
        }
        return (end - start) * pct + start;
    }
}
