package org.jitdispatch.perf.report;

/**
 * The targets of a whole training step against PyTorch eager on the same machine, one thread each: 5 times
 * as fast at batch 1 and 3 times at batch 8, where PyTorch's per-op overhead dominates, and no slower at
 * batch 64, where the kernels do. A target is a least speed-up, PyTorch's time over ours.
 */
final class TrainStepTargets {
    /** The benchmark class of the training steps. */
    static final String BENCHMARK = "TrainStepModelsBenchmark";

    private TrainStepTargets() {
    }

    /** The least PyTorch ÷ ours at {@code batch}, or NaN for a batch size without a target. */
    static double speedUp(int batch) {
        return switch (batch) {
            case 1 -> 5;
            case 8 -> 3;
            case 64 -> 1;
            default -> Double.NaN;
        };
    }

    /** The target as the report words it. */
    static String text(int batch) {
        double t = speedUp(batch);
        return t == 1 ? "no slower" : String.format(java.util.Locale.ROOT, "%.0f× as fast", t);
    }

    /**
     * Met or missed by the estimate itself (the ± beside the ratio says how close a call that is), unreliable
     * when the ratio is, not measured when either side is missing.
     */
    static FloorTargets.Verdict verdict(int batch, Estimate speedUp) {
        if (speedUp == null || Double.isNaN(speedUp(batch))) {
            return FloorTargets.Verdict.NOT_MEASURED;
        }
        if (speedUp.isUnreliable()) {
            return FloorTargets.Verdict.UNRELIABLE;
        }
        return speedUp.value() >= speedUp(batch) ? FloorTargets.Verdict.MET : FloorTargets.Verdict.MISSED;
    }
}
