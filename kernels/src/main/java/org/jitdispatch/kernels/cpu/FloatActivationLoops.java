package org.jitdispatch.kernels.cpu;

/**
 * relu's and threshold_backward's loops over contiguous float32 runs, that can stand in for the generated ones
 * ({@code UfuncLoops.relu_Float32}, {@code UfuncLoops.threshold_backward_Float32}) with the same bits: relu
 * keeps NaN and {@code -0.0} and gives {@code +0.0} for negatives; threshold_backward gives {@code +0.0} where
 * {@code self <= threshold} and the gradient elsewhere (also where either is NaN). The output may be one of the
 * inputs, at the same offset.
 */
public interface FloatActivationLoops {
    /** {@code out[outOff + i] = relu(x[xOff + i])} for {@code i} in {@code [0, n)}. */
    void relu(float[] out, int outOff, float[] x, int xOff, int n);

    /**
     * {@code out[outOff + i] = self[selfOff + i] <= threshold ? 0 : grad[gradOff + i]} for {@code i} in
     * {@code [0, n)}.
     */
    void thresholdBackward(float[] out, int outOff, float[] grad, int gradOff, float[] self, int selfOff, int n,
            float threshold);
}
