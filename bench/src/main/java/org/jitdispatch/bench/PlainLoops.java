package org.jitdispatch.bench;

import java.util.Arrays;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

/**
 * The plain-Java-loop baselines of {@link SizeScalingBenchmark}: what a Java programmer writes over
 * {@code float[]} arrays without a tensor library, row by row over row-major n x n matrices. On one thread
 * the rows run in order; on several they run as a parallel stream (the common fork-join pool and the
 * caller), the plain way to use every core. Each row's work is the same either way, so the two differ only
 * in who runs the rows. Reductions sum each row into a double and then the row sums in order, so the
 * result does not depend on the thread count.
 */
final class PlainLoops {
    private PlainLoops() {
    }

    static void forEachRow(int rows, boolean parallel, IntConsumer row) {
        if (parallel) {
            IntStream.range(0, rows).parallel().forEach(row);
        } else {
            for (int r = 0; r < rows; r++) {
                row.accept(r);
            }
        }
    }

    /** {@code out[i] = x[i] + y[i]} over rows of {@code cols}. */
    static float[] add(float[] x, float[] y, float[] out, int cols, boolean parallel) {
        forEachRow(x.length / cols, parallel, r -> {
            for (int i = r * cols, end = i + cols; i < end; i++) {
                out[i] = x[i] + y[i];
            }
        });
        return out;
    }

    /** {@code out[i] = x[i] * y[i]} over rows of {@code cols}. */
    static float[] mul(float[] x, float[] y, float[] out, int cols, boolean parallel) {
        forEachRow(x.length / cols, parallel, r -> {
            for (int i = r * cols, end = i + cols; i < end; i++) {
                out[i] = x[i] * y[i];
            }
        });
        return out;
    }

    /** The floats of each row added in order into a double, then the row sums in order. */
    static double sum(float[] x, int cols, boolean parallel) {
        double[] rowSums = new double[x.length / cols];
        forEachRow(rowSums.length, parallel, r -> {
            double s = 0;
            for (int i = r * cols, end = i + cols; i < end; i++) {
                s += x[i];
            }
            rowSums[r] = s;
        });
        double s = 0;
        for (double rowSum : rowSums) {
            s += rowSum;
        }
        return s;
    }

    /** Softmax of each row: its maximum, the exponentials of the differences and their sum, the quotients. */
    static float[] softmaxRows(float[] x, float[] out, int cols, boolean parallel) {
        forEachRow(x.length / cols, parallel, r -> {
            int begin = r * cols;
            int end = begin + cols;
            float max = Float.NEGATIVE_INFINITY;
            for (int i = begin; i < end; i++) {
                max = Math.max(max, x[i]);
            }
            double s = 0;
            for (int i = begin; i < end; i++) {
                double e = Math.exp(x[i] - max);
                out[i] = (float) e;
                s += e;
            }
            float inv = (float) (1 / s);
            for (int i = begin; i < end; i++) {
                out[i] *= inv;
            }
        });
        return out;
    }

    /**
     * {@code batch} products of n x n matrices stored one after another, {@code c = a @ b}, each row of c by
     * the i-k-j loop (the inner loop runs along rows of b and c, contiguous in memory).
     */
    static float[] matmul(float[] a, float[] b, float[] c, int batch, int n, boolean parallel) {
        int square = n * n;
        forEachRow(batch * n, parallel, row -> {
            int matrix = (row / n) * square;
            int ci = row * n;
            Arrays.fill(c, ci, ci + n, 0f);
            for (int k = 0; k < n; k++) {
                float aik = a[ci + k];
                int bk = matrix + k * n;
                for (int j = 0; j < n; j++) {
                    c[ci + j] += aik * b[bk + j];
                }
            }
        });
        return c;
    }
}
