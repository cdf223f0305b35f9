package org.jitdispatch.kernels.ops;

/**
 * Batch norm's float32 loops over one channel's run of a sample, in ATen's float order
 * ({@code batch_norm_kernel.cpp}: {@code x * alpha + beta} fused, and grad_input's
 * {@code (dy - grad_mean - (x - mean) * k) * invstd * w}). When the input and gradient start at offset 0, as
 * fresh tensors do, every array is read and written at one index, the form C2's superword pass vectorizes;
 * other offsets take the same arithmetic with the reads shifted, which C2 leaves scalar.
 */
final class BatchNormLoops {
    private BatchNormLoops() {
    }

    /** {@code y[j] = fma(x[xShift + j], alpha, shift)} for {@code j} in {@code [from, to)}. */
    static void transform(float[] x, int xShift, float[] y, int from, int to, float alpha, float shift) {
        if (xShift == 0) {
            for (int j = from; j < to; j++) {
                y[j] = Math.fma(x[j], alpha, shift); // AVX2 vectors fuse it, as ATen's do
            }
        } else {
            for (int j = from; j < to; j++) {
                y[j] = Math.fma(x[xShift + j], alpha, shift);
            }
        }
    }

    /** ATen's {@code k = (float) dotp * invstd * invstd / N} of a channel in training. */
    static float projection(double dotp, double invstd, long perChannel) {
        float i = (float) invstd;
        return (float) dotp * i * i / perChannel;
    }

    /**
     * grad_input in training, {@code dx[j] = (dy - gradMean - (x - mean) * k) * invstd * w} with {@code x} and
     * {@code dy} read at {@code xShift + j} and {@code dyShift + j}.
     */
    static void gradInput(float[] x, int xShift, float[] dy, int dyShift, float[] dx, int from, int to, float mean,
            float k, float gradMean, float invstd, float w) {
        if (xShift == 0 && dyShift == 0) {
            for (int j = from; j < to; j++) {
                dx[j] = (dy[j] - gradMean - (x[j] - mean) * k) * invstd * w;
            }
        } else {
            for (int j = from; j < to; j++) {
                dx[j] = (dy[dyShift + j] - gradMean - (x[xShift + j] - mean) * k) * invstd * w;
            }
        }
    }

    /** {@link #gradInput(float[], int, float[], int, float[], int, int, float, float, float, float, float)} of float32 values held in doubles. */
    static void gradInput(double[] x, double[] dy, double[] dx, int from, int to, float mean, float k, float gradMean,
            float invstd, float w) {
        for (int j = from; j < to; j++) {
            dx[j] = ((float) dy[j] - gradMean - ((float) x[j] - mean) * k) * invstd * w;
        }
    }

    /** grad_input in evaluation, {@code dx[j] = dy[dyShift + j] * invstd * w}. */
    static void gradInputEvaluation(float[] dy, int dyShift, float[] dx, int from, int to, float invstd, float w) {
        if (dyShift == 0) {
            for (int j = from; j < to; j++) {
                dx[j] = dy[j] * invstd * w;
            }
        } else {
            for (int j = from; j < to; j++) {
                dx[j] = dy[dyShift + j] * invstd * w;
            }
        }
    }

    /** {@link #gradInputEvaluation(float[], int, float[], int, int, float, float)} of float32 values held in doubles. */
    static void gradInputEvaluation(double[] dy, double[] dx, int from, int to, float invstd, float w) {
        for (int j = from; j < to; j++) {
            dx[j] = (float) dy[j] * invstd * w;
        }
    }
}
