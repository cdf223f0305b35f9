package org.jitdispatch.kernels.cpu;

/**
 * sigmoid's and tanh's loops over contiguous float32 runs, the gate activations of a recurrent step, that can
 * stand in for the generated ones ({@code UfuncLoops.sigmoid_Float32}, {@code UfuncLoops.tanh_Float32}). Those
 * compute each element in double ({@code 1 / (1 + exp(-x))}, {@code tanh(x)}) and round it once to float; these
 * compute in float, as ATen's vectorized loops do, within three float ulps of the generated loops' result for
 * sigmoid and one for tanh, with the same sign, NaN for NaN, and sigmoid's subnormal results for large negative
 * inputs. The output may be the input, at the same offset.
 */
public interface FloatGateLoops {
    /** {@code out[outOff + i] = sigmoid(x[xOff + i])} for {@code i} in {@code [0, n)}. */
    void sigmoid(float[] out, int outOff, float[] x, int xOff, int n);

    /** {@code out[outOff + i] = tanh(x[xOff + i])} for {@code i} in {@code [0, n)}. */
    void tanh(float[] out, int outOff, float[] x, int xOff, int n);
}
