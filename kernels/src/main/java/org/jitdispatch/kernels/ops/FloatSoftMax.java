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
        for (int o = from; o < to; o++) {
            int block = o * size * inner;
            Arrays.fill(max, Float.NEGATIVE_INFINITY);
            Arrays.fill(sum, 0f);
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    max[i] = Math.max(max[i], x[xOff + row + i]);
                }
            }
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    float e = (float) ScalarMath.exp(x[xOff + row + i] - max[i]);
                    sum[i] += e;
                    if (!log) {
                        out[outOff + row + i] = e;
                    }
                }
            }
            for (int i = 0; i < inner; i++) {
                sum[i] = log ? (float) Math.log(sum[i]) : 1f / sum[i];
            }
            for (int d = 0; d < size; d++) {
                int row = block + d * inner;
                for (int i = 0; i < inner; i++) {
                    out[outOff + row + i] = log ? x[xOff + row + i] - max[i] - sum[i] : out[outOff + row + i] * sum[i];
                }
            }
        }
    }

    /** One contiguous slice of {@code n} values: its max, the exponentials and their sum, then the scaling. */
    static void forwardRow(float[] x, int at, float[] out, int outAt, int n, boolean log) {
        float max = Float.NEGATIVE_INFINITY;
        for (int i = 0; i < n; i++) {
            max = Math.max(max, x[at + i]);
        }
        float sum = 0f;
        if (!log || x != out || at + n <= outAt || outAt + n <= at) {
            // the exponentials first, into out (log_softmax overwrites them below, when out is not x), in a loop
            // C2 can vectorize; then their sum, in order, as the blocks' loop adds them
            if (at == outAt) {
                // one index for both arrays, the form C2's superword pass vectorizes
                for (int i = at, end = at + n; i < end; i++) {
                    out[i] = (float) ScalarMath.exp(x[i] - max);
                }
            } else {
                for (int i = 0; i < n; i++) {
                    out[outAt + i] = (float) ScalarMath.exp(x[at + i] - max);
                }
            }
            for (int i = 0; i < n; i++) {
                sum += out[outAt + i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                sum += (float) ScalarMath.exp(x[at + i] - max);
            }
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
