package org.jitdispatch.kernels.reduce;

import org.jitdispatch.kernels.parallel.Parallel;

/**
 * The maximum or minimum of a long floating run (amax, amin over all of a tensor), in chunks on the intra-op
 * pool. Each chunk keeps its first extreme value and its last NaN, as the serial loop does, and the chunks
 * are combined in order with the same rule, so the result is the serial one to the bit (the same NaN, the
 * same zero's sign) whatever the thread count.
 */
final class Extremes {
    private Extremes() {
    }

    /** {@code acc} updated by {@code v} as the serial loops update it: a NaN always wins, else the strict extreme. */
    static double combine(double acc, double v, boolean max) {
        return (max ? v > acc : v < acc) || v != v ? v : acc;
    }

    static double of(float[] x, int i, int is, long n, boolean max) {
        double[] partials = new double[Math.max(1, Parallel.chunkCount(0, n, Parallel.GRAIN_SIZE))];
        java.util.Arrays.fill(partials, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        Parallel.forEachChunk(0, n, Parallel.GRAIN_SIZE, (chunk, begin, end) -> {
            double acc = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            for (long k = begin, j = i + begin * is; k < end; k++, j += is) {
                acc = combine(acc, x[(int) j], max);
            }
            partials[chunk] = acc;
        });
        return combineAll(partials, max);
    }

    static double of(double[] x, int i, int is, long n, boolean max) {
        double[] partials = new double[Math.max(1, Parallel.chunkCount(0, n, Parallel.GRAIN_SIZE))];
        java.util.Arrays.fill(partials, max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY);
        Parallel.forEachChunk(0, n, Parallel.GRAIN_SIZE, (chunk, begin, end) -> {
            double acc = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
            for (long k = begin, j = i + begin * is; k < end; k++, j += is) {
                acc = combine(acc, x[(int) j], max);
            }
            partials[chunk] = acc;
        });
        return combineAll(partials, max);
    }

    private static double combineAll(double[] partials, boolean max) {
        double acc = max ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        for (double p : partials) {
            acc = combine(acc, p, max);
        }
        return acc;
    }
}
