package org.jitdispatch.kernels.cpu;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * The sums batch norm and its backward take over one channel's contiguous run of a sample
 * ({@code FloatChannelSums}), accumulated in double, that can stand in for the scalar ones: each partial sum
 * collects no more elements than the scalar loops' do, so the error bound is at least as tight (the order of
 * the additions differs, so the last bits may).
 */
@TypeTemplate
public interface FloatChannelSumLoops {
    /** The sum of {@code x[from, from + n)}. */
    double sum(float[] x, int from, int n);

    /** The sum of {@code (x[i] - mean)^2} over {@code [from, from + n)}, each square rounded to double. */
    double squaredDeviations(float[] x, int from, int n, double mean);

    /** The sum of {@code (x[xFrom + i] - mean) * y[yFrom + i]} over {@code i < n}, each product rounded to double. */
    double deviationsDot(float[] x, int xFrom, float[] y, int yFrom, int n, double mean);
}
