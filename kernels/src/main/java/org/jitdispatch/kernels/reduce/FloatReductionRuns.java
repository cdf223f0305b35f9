package org.jitdispatch.kernels.reduce;

import org.jitdispatch.kernels.TypeTemplate;
import org.jitdispatch.kernels.parallel.Parallel;

/**
 * The general reduction's loops over runs of float32 input ({@link Reduction.Run}), one per operator, each
 * adding into or comparing with double accumulators: the class of an (operator, dtype) pair has its own loop
 * and so its own type profile.
 */
@TypeTemplate
final class FloatReductionRuns {
    private FloatReductionRuns() {
    }

    /** The run of {@code op} over {@code x} into {@code acc}; a sum in float32 when {@code inFloat}. */
    static Reduction.Run of(Reduction.Op op, float[] x, boolean inFloat, double[] acc) {
        switch (op) {
            case SUM: return (i, is, a, as, n) -> {
                if (as == 0) {
                    acc[a] += Reduction.runSum(x, i, is, n, inFloat);
                } else {
                    for (int k = 0; k < n; k++, i += is, a += as) {
                        acc[a] += x[i];
                    }
                }
            };
            case MAX: return (i, is, a, as, n) -> {
                if (as == 0 && n > Parallel.GRAIN_SIZE) {
                    acc[a] = Extremes.combine(acc[a], Extremes.of(x, i, is, n, true), true);
                    return;
                }
                for (int k = 0; k < n; k++, i += is, a += as) {
                    double v = x[i];
                    if (v > acc[a] || v != v) {
                        acc[a] = v;
                    }
                }
            };
            default: return (i, is, a, as, n) -> {
                if (as == 0 && n > Parallel.GRAIN_SIZE) {
                    acc[a] = Extremes.combine(acc[a], Extremes.of(x, i, is, n, false), false);
                    return;
                }
                for (int k = 0; k < n; k++, i += is, a += as) {
                    double v = x[i];
                    if (v < acc[a] || v != v) {
                        acc[a] = v;
                    }
                }
            };
        }
    }
}
