package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.kernels.TypeTemplate;

/**
 * The float32 loops of {@link SoftMax}. They run over one [size, inner] block at a time, the inner positions
 * innermost, so that the block is read in memory order; max and sum hold one value per inner position. A
 * slice's max propagates NaN (Math.max), as ATen's vectorized maximum does.
 */
@TypeTemplate
final class FloatSoftMax {
    private FloatSoftMax() {
    }

    /** softmax (or log_softmax) of every slice of {@code x} along the dim, into {@code out}. */
    static void forward(float[] x, int xOff, float[] out, int outOff, SoftMax.Slices s, boolean log) {
        int size = s.size();
        int inner = s.inner();
        float[] max = new float[inner];
        float[] sum = new float[inner];
        for (int o = 0; o < s.outer(); o++) {
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
                    float e = (float) Math.exp(x[xOff + row + i] - max[i]);
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

    /**
     * softmax: {@code grad_input = y * (g - sum(g * y))}; log_softmax: {@code grad_input = g - exp(y) * sum(g)},
     * the sums over the dim.
     */
    static void backward(float[] g, int gOff, float[] y, int yOff, float[] out, int outOff, SoftMax.Slices s,
            boolean log) {
        int size = s.size();
        int inner = s.inner();
        float[] sum = new float[inner];
        for (int o = 0; o < s.outer(); o++) {
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
