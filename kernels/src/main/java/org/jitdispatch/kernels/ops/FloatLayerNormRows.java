package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;

/**
 * Layer norm over a contiguous float32 input, row by row straight from and into the arrays. The forward: the
 * general kernel's arithmetic (each row's mean and variance in double, then ATen's float formula
 * {@code y = fma(fma(x, rstd, -rstd * mean), gamma, beta)}) without widening the whole input into a double array
 * and narrowing the result back. The row's two sums run in four interleaved double accumulators (one chain of
 * dependent adds waits four cycles an element), so the statistics may differ from the general kernel's single
 * running sums in their last double bits, far below float32's. The backward: the general kernel's arithmetic in
 * its order, so the same bits.
 */
final class FloatLayerNormRows {
    private FloatLayerNormRows() {
    }

    /** Whether this path takes the call: a contiguous float32 input, weight and bias (either may be absent). */
    static boolean takes(Tensor input, Tensor weight, Tensor bias) {
        return input.dtype() == ScalarType.Float32 && input.isContiguous()
                && (weight == null || weight.dtype() == ScalarType.Float32 && weight.isContiguous())
                && (bias == null || bias.dtype() == ScalarType.Float32 && bias.isContiguous());
    }

    /** Writes {@code outs} (the result, the means and the reciprocal deviations, fresh and contiguous). */
    static void forward(Tensor input, Tensor weight, Tensor bias, double eps, int rows, int n, Tensor[] outs) {
        float[] x = input.storage().floats();
        int xOff = (int) input.storageOffset();
        float[] gamma = weight == null ? null : weight.storage().floats();
        int gOff = weight == null ? 0 : (int) weight.storageOffset();
        float[] beta = bias == null ? null : bias.storage().floats();
        int bOff = bias == null ? 0 : (int) bias.storageOffset();
        float[] y = outs[0].storage().floats();
        int yOff = (int) outs[0].storageOffset();
        float[] means = outs[1].storage().floats();
        int mOff = (int) outs[1].storageOffset();
        float[] rstds = outs[2].storage().floats();
        int rOff = (int) outs[2].storageOffset();
        float epsFloat = (float) eps;
        for (int i = 0; i < rows; i++) {
            int row = xOff + i * n;
            double mean = n == 0 ? 0 : sum(x, row, n) / n;
            double variance = n == 0 ? 0 : squaredDeviations(x, row, n, mean) / n;
            float meanFloat = (float) mean;
            float rstdFloat = 1f / (float) Math.sqrt(Math.max((float) variance, 0f) + epsFloat);
            float shift = -rstdFloat * meanFloat;
            int out = yOff + i * n;
            if (gamma == null && beta == null) {
                // weight 1 and bias 0 as the general kernel applies them (so -0 becomes +0, as there)
                for (int j = 0; j < n; j++) {
                    y[out + j] = Math.fma(Math.fma(x[row + j], rstdFloat, shift), 1f, 0f);
                }
            } else {
                for (int j = 0; j < n; j++) {
                    float normalized = Math.fma(x[row + j], rstdFloat, shift);
                    y[out + j] = Math.fma(normalized, gamma == null ? 1f : gamma[gOff + j], beta == null ? 0f : beta[bOff + j]);
                }
            }
            means[mOff + i] = meanFloat;
            rstds[rOff + i] = rstdFloat;
        }
    }

    /** Whether the backward takes the call: every tensor float32 and contiguous (the weight may be absent). */
    static boolean takesBackward(Tensor gradOut, Tensor input, Tensor mean, Tensor rstd, Tensor weight) {
        return isContiguousFloat(gradOut) && isContiguousFloat(input) && isContiguousFloat(mean)
                && isContiguousFloat(rstd) && (weight == null || isContiguousFloat(weight));
    }

    private static boolean isContiguousFloat(Tensor t) {
        return t.dtype() == ScalarType.Float32 && t.isContiguous();
    }

    /**
     * Writes the gradients {@code outs} asks for (input's, weight's, bias's; null where not): ATen's
     * LayerNormBackwardKernel in double, {@code dx = a * dy * gamma + b * x + c} per row, and the weight's
     * gradient in its float order ({@code dgamma += dy * fma(rstd, x, -rstd * mean)}, fused), as the general
     * kernel computes them.
     */
    static void backward(Tensor gradOut, Tensor input, Tensor mean, Tensor rstd, Tensor weight, int m, int n,
            Tensor[] outs) {
        float[] dy = gradOut.storage().floats();
        int dyOff = (int) gradOut.storageOffset();
        float[] x = input.storage().floats();
        int xOff = (int) input.storageOffset();
        float[] mu = mean.storage().floats();
        int muOff = (int) mean.storageOffset();
        float[] rs = rstd.storage().floats();
        int rsOff = (int) rstd.storageOffset();
        float[] gamma = weight == null ? null : weight.storage().floats();
        int gOff = weight == null ? 0 : (int) weight.storageOffset();
        float[] dx = outs[0] == null ? null : outs[0].storage().floats();
        int dxOff = outs[0] == null ? 0 : (int) outs[0].storageOffset();
        float[] dgamma = new float[n];
        double[] dbeta = new double[n];
        for (int i = 0; i < m; i++) {
            int xr = xOff + i * n;
            int dyr = dyOff + i * n;
            double ds = 0;
            double db = 0;
            float rstdFloat = rs[rsOff + i];
            float shiftFloat = -rstdFloat * mu[muOff + i];
            for (int j = 0; j < n; j++) {
                double g = gamma == null ? 1 : gamma[gOff + j];
                double d = dy[dyr + j];
                ds += d * g * x[xr + j];
                db += d * g;
                dgamma[j] = Math.fma(dy[dyr + j], Math.fma(rstdFloat, x[xr + j], shiftFloat), dgamma[j]);
                dbeta[j] += d;
            }
            if (dx == null) {
                continue;
            }
            double a = rs[rsOff + i];
            double mui = mu[muOff + i];
            double b = (db * mui - ds) * a * a * a / n;
            double c = -b * mui - db * a / n;
            int out = dxOff + i * n;
            for (int j = 0; j < n; j++) {
                double g = gamma == null ? 1 : gamma[gOff + j];
                dx[out + j] = (float) (a * dy[dyr + j] * g + b * x[xr + j] + c);
            }
        }
        if (outs[1] != null) {
            System.arraycopy(dgamma, 0, outs[1].storage().floats(), (int) outs[1].storageOffset(), n);
        }
        if (outs[2] != null) {
            float[] to = outs[2].storage().floats();
            int off = (int) outs[2].storageOffset();
            for (int j = 0; j < n; j++) {
                to[off + j] = (float) dbeta[j];
            }
        }
    }

    private static double sum(float[] x, int from, int n) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 0;
        for (; j + 3 < n; j += 4) {
            s0 += ScalarMath.widen(x[from + j]);
            s1 += ScalarMath.widen(x[from + j + 1]);
            s2 += ScalarMath.widen(x[from + j + 2]);
            s3 += ScalarMath.widen(x[from + j + 3]);
        }
        for (; j < n; j++) {
            s0 += x[from + j];
        }
        return (s0 + s1) + (s2 + s3);
    }

    private static double squaredDeviations(float[] x, int from, int n, double mean) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 0;
        for (; j + 3 < n; j += 4) {
            double d0 = ScalarMath.widen(x[from + j]) - mean;
            double d1 = ScalarMath.widen(x[from + j + 1]) - mean;
            double d2 = ScalarMath.widen(x[from + j + 2]) - mean;
            double d3 = ScalarMath.widen(x[from + j + 3]) - mean;
            s0 += d0 * d0;
            s1 += d1 * d1;
            s2 += d2 * d2;
            s3 += d3 * d3;
        }
        for (; j < n; j++) {
            double d = x[from + j] - mean;
            s0 += d * d;
        }
        return (s0 + s1) + (s2 + s3);
    }
}
