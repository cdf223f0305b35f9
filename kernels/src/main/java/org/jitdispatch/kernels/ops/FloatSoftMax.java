package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.TypeTemplate;
import org.jitdispatch.kernels.cpu.FloatSoftMaxRow;
import org.jitdispatch.kernels.cpu.VectorKernels;

/**
 * The float32 loops of {@link SoftMax}, over the blocks {@code [from, to)} of the outer dims (so that blocks can run
 * on several threads). A slice along the last dim (inner 1, the common case: attention, logits) is a row with its
 * max and sum in registers; otherwise a block is read as [size, inner] in memory order, with one max and one sum
 * per inner position. Both compute each slice in the same order, so they give the same bits. A slice's max
 * propagates NaN (Math.max), as ATen's vectorized maximum does. With the Vector API (CPU capability VECTOR), a
 * float32 row runs {@code VectorFloatSoftMax} instead: the same max, each exponential within an ulp, the sum in
 * another order.
 */
@TypeTemplate
final class FloatSoftMax {
    /**
     * The Vector API's row when the CPU capability is VECTOR and {@link VectorKernels} has one for this element
     * type (float32 only), else null and {@link #forwardRow} runs (a constant, which C2 folds).
     */
    private static final FloatSoftMaxRow VECTOR_ROW = VectorKernels.floatSoftMaxRow();

    private FloatSoftMax() {
    }

    /** softmax (or log_softmax) of the slices of blocks {@code [from, to)} of {@code x} along the dim, into {@code out}. */
    static void forward(float[] x, int xOff, float[] out, int outOff, SoftMax.Slices s, boolean log, int from, int to) {
        if (s.inner() == 1) {
            for (int o = from; o < to; o++) {
                if (VECTOR_ROW != null) {
                    VECTOR_ROW.forward(x, xOff + o * s.size(), out, outOff + o * s.size(), s.size(), log);
                } else {
                    forwardRow(x, xOff + o * s.size(), out, outOff + o * s.size(), s.size(), log);
                }
            }
            return;
        }
        int size = s.size();
        int inner = s.inner();
        float[] max = new float[inner];
        float[] sum = new float[inner];
        float[] partial = new float[PARTIALS * inner]; // partial k of position i at k * inner + i
        for (int o = from; o < to; o++) {
            int block = o * size * inner;
            Arrays.fill(max, Float.NEGATIVE_INFINITY);
            Arrays.fill(partial, 0f);
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    max[i] = Math.max(max[i], x[xOff + row + i]);
                }
            }
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                int k = (d & (PARTIALS - 1)) * inner;
                for (int i = 0; i < inner; i++) {
                    float e = ScalarMath.expRounded(x[xOff + row + i] - max[i]);
                    partial[k + i] += e;
                    if (!log) {
                        out[outOff + row + i] = e;
                    }
                }
            }
            for (int i = 0; i < inner; i++) {
                float total = combine(partial[i], partial[inner + i], partial[2 * inner + i], partial[3 * inner + i],
                        partial[4 * inner + i], partial[5 * inner + i], partial[6 * inner + i], partial[7 * inner + i]);
                sum[i] = log ? (float) Math.log(total) : 1f / total;
            }
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    out[outOff + row + i] = log ? x[xOff + row + i] - max[i] - sum[i] : out[outOff + row + i] * sum[i];
                }
            }
        }
    }

    /**
     * A slice's exponentials are summed in {@value #PARTIALS} partial sums, element {@code i} into partial
     * {@code i % 8} in order, then added as a tree ({@link #combine}): eight chains of dependent adds keep a
     * core's adders busy where one waits four cycles an element, and the rows and the blocks above add in this
     * same order, so both give the same bits.
     */
    private static final int PARTIALS = 8;

    /** The sum of {@code a[from, from + n)} in {@link #PARTIALS} partial sums. */
    private static float sum(float[] a, int from, int n) {
        float s0 = 0f, s1 = 0f, s2 = 0f, s3 = 0f, s4 = 0f, s5 = 0f, s6 = 0f, s7 = 0f;
        int i = 0;
        for (; i + 7 < n; i += 8) {
            int at = from + i;
            s0 += a[at];
            s1 += a[at + 1];
            s2 += a[at + 2];
            s3 += a[at + 3];
            s4 += a[at + 4];
            s5 += a[at + 5];
            s6 += a[at + 6];
            s7 += a[at + 7];
        }
        // the tail's element i goes to partial i % 8, as in the blocks' loop
        int tail = n - i;
        s0 += tail > 0 ? a[from + i] : 0f;
        s1 += tail > 1 ? a[from + i + 1] : 0f;
        s2 += tail > 2 ? a[from + i + 2] : 0f;
        s3 += tail > 3 ? a[from + i + 3] : 0f;
        s4 += tail > 4 ? a[from + i + 4] : 0f;
        s5 += tail > 5 ? a[from + i + 5] : 0f;
        s6 += tail > 6 ? a[from + i + 6] : 0f;
        return combine(s0, s1, s2, s3, s4, s5, s6, s7);
    }

    private static float combine(float s0, float s1, float s2, float s3, float s4, float s5, float s6, float s7) {
        return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7));
    }

    /** One contiguous slice of {@code n} values: its max, the exponentials and their sum, then the scaling. */
    static void forwardRow(float[] x, int at, float[] out, int outAt, int n, boolean log) {
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, x[at + i]);
        }
        float sum;
        if (!log || x != out || at + n <= outAt || outAt + n <= at) {
            // the exponentials first, into out (log_softmax overwrites them below, when out is not x), in a loop
            // C2 can vectorize; then their sum
            ScalarMath.expRun(x, at, max, out, outAt, n);
            sum = sum(out, outAt, n);
        } else {
            float[] partial = new float[PARTIALS];
            for (int i = 0; i < n; i++) {
                partial[i & (PARTIALS - 1)] += ScalarMath.expRounded(x[at + i] - max);
            }
            sum = combine(partial[0], partial[1], partial[2], partial[3], partial[4], partial[5], partial[6], partial[7]);
        }
        if (log) {
            float logSum = (float) Math.log(sum);
            for (int i = 0; i < n; i++) {
                out[outAt + i] = x[at + i] - max - logSum;
            }
        } else {
            float inv = 1f / sum;
            for (int i = 0; i < n; i++) {
                out[outAt + i] = out[outAt + i] * inv;
            }
        }
    }

    /**
     * softmax: {@code grad_input = y * (g - sum(g * y))}; log_softmax: {@code grad_input = g - exp(y) * sum(g)},
     * the sums over the dim, for the blocks {@code [from, to)}.
     */
    static void backward(float[] g, int gOff, float[] y, int yOff, float[] out, int outOff, SoftMax.Slices s,
            boolean log, int from, int to) {
        int size = s.size();
        int inner = s.inner();
        float[] sum = new float[inner];
        for (int o = from; o < to; o++) {
            int block = o * size * inner;
            Arrays.fill(sum, 0f);
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    sum[i] += log ? g[gOff + row + i] : g[gOff + row + i] * y[yOff + row + i];
                }
            }
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    float gv = g[gOff + row + i];
                    float yv = y[yOff + row + i];
                    out[outOff + row + i] = log ? gv - (float) Math.exp(yv) * sum[i] : yv * (gv - sum[i]);
                }
            }
        }
    }
}
