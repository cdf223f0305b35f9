package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * The sums batch norm and its backward take over one channel's run of a sample, accumulated in double (as this
 * library's batch norm does) in four interleaved partial sums that are added at the end: one chain of dependent
 * adds waits four cycles per element, four chains overlap. A float32 run and the same values widened to
 * float64 give the same result (each float widens exactly), so the float32 path that reads its input in place
 * and the general one that copies it into doubles agree to the bit.
 */
@TypeTemplate
final class FloatChannelSums {
    private FloatChannelSums() {
    }

    /** The sum of {@code x[from, from + n)}. */
    static double sum(float[] x, int from, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < n; k += 4) {
            s0 += x[from + k];
            s1 += x[from + k + 1];
            s2 += x[from + k + 2];
            s3 += x[from + k + 3];
        }
        for (; k < n; k++) {
            s0 += x[from + k];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The sum of {@code (x[i] - mean)^2} over {@code [from, from + n)}. */
    static double squaredDeviations(float[] x, int from, int n, double mean) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < n; k += 4) {
            double d0 = x[from + k] - mean;
            double d1 = x[from + k + 1] - mean;
            double d2 = x[from + k + 2] - mean;
            double d3 = x[from + k + 3] - mean;
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
        }
        for (; k < n; k++) {
            double d = x[from + k] - mean;
            s0 += d * d;
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The sum of {@code (x[xFrom + i] - mean) * y[yFrom + i]} over {@code i < n}. */
    static double deviationsDot(float[] x, int xFrom, float[] y, int yFrom, int n, double mean) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int k = 0;
        for (; k + 3 < n; k += 4) {
            s0 += (x[xFrom + k] - mean) * y[yFrom + k];
            s1 += (x[xFrom + k + 1] - mean) * y[yFrom + k + 1];
            s2 += (x[xFrom + k + 2] - mean) * y[yFrom + k + 2];
            s3 += (x[xFrom + k + 3] - mean) * y[yFrom + k + 3];
        }
        for (; k < n; k++) {
            s0 += (x[xFrom + k] - mean) * y[yFrom + k];
        }
        return (s0 + s1) + (s2 + s3);
    }
}
