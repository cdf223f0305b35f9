package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.TypeTemplate;
import org.jitdispatch.kernels.cpu.FloatChannelSumLoops;
import org.jitdispatch.kernels.cpu.VectorKernels;

/**
 * The sums batch norm and its backward take over one channel's run of a sample, accumulated in double (as this
 * library's batch norm does) in eight interleaved partial sums that are added at the end as a tree: one chain
 * of dependent adds waits four cycles per element, eight chains keep both of a core's adders busy. A float32
 * run and the same values widened to float64 give the same result (each float widens exactly), so the float32
 * path that reads its input in place and the general one that copies it into doubles agree to the bit.
 *
 * <p>With the CPU capability VECTOR, where {@link VectorKernels} has sums for this element type (it has none
 * for 64-bit elements), the runs take them instead ({@link FloatChannelSumLoops}): 16 or 32 partial sums rather
 * than eight, so a contiguous input's statistics may differ in their last bits from a strided one's, each
 * within the same error bound.
 */
@TypeTemplate
final class FloatChannelSums {
    /**
     * The Vector API's sums when the CPU capability is VECTOR and {@link VectorKernels} has them for this element
     * type, else null and the loops below run (a constant, which C2 folds).
     */
    private static final FloatChannelSumLoops VECTOR = VectorKernels.floatChannelSumLoops();

    private FloatChannelSums() {
    }

    /** The sum of {@code x[from, from + n)}. */
    static double sum(float[] x, int from, int n) {
        if (VECTOR != null) {
            return VECTOR.sum(x, from, n);
        }
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        int k = 0;
        for (; k + 7 < n; k += 8) {
            int i = from + k;
            s0 += x[i];
            s1 += x[i + 1];
            s2 += x[i + 2];
            s3 += x[i + 3];
            s4 += x[i + 4];
            s5 += x[i + 5];
            s6 += x[i + 6];
            s7 += x[i + 7];
        }
        for (; k < n; k++) {
            s0 += x[from + k];
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    /** The sum of {@code (x[i] - mean)^2} over {@code [from, from + n)}. */
    static double squaredDeviations(float[] x, int from, int n, double mean) {
        if (VECTOR != null) {
            return VECTOR.squaredDeviations(x, from, n, mean);
        }
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        int k = 0;
        for (; k + 7 < n; k += 8) {
            int i = from + k;
            double d0 = x[i] - mean;
            double d1 = x[i + 1] - mean;
            double d2 = x[i + 2] - mean;
            double d3 = x[i + 3] - mean;
            double d4 = x[i + 4] - mean;
            double d5 = x[i + 5] - mean;
            double d6 = x[i + 6] - mean;
            double d7 = x[i + 7] - mean;
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
            s4 += d4 * d4;
            s5 += d5 * d5;
            s6 += d6 * d6;
            s7 += d7 * d7;
        }
        for (; k < n; k++) {
            double d = x[from + k] - mean;
            s0 += d * d;
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    /** The sum of {@code (x[xFrom + i] - mean) * y[yFrom + i]} over {@code i < n}. */
    static double deviationsDot(float[] x, int xFrom, float[] y, int yFrom, int n, double mean) {
        if (VECTOR != null) {
            return VECTOR.deviationsDot(x, xFrom, y, yFrom, n, mean);
        }
        double s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
        int k = 0;
        for (; k + 7 < n; k += 8) {
            int i = xFrom + k;
            int j = yFrom + k;
            s0 += (x[i] - mean) * y[j];
            s1 += (x[i + 1] - mean) * y[j + 1];
            s2 += (x[i + 2] - mean) * y[j + 2];
            s3 += (x[i + 3] - mean) * y[j + 3];
            s4 += (x[i + 4] - mean) * y[j + 4];
            s5 += (x[i + 5] - mean) * y[j + 5];
            s6 += (x[i + 6] - mean) * y[j + 6];
            s7 += (x[i + 7] - mean) * y[j + 7];
        }
        for (; k < n; k++) {
            s0 += (x[xFrom + k] - mean) * y[yFrom + k];
        }
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }
}
