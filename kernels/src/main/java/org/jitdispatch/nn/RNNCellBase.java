package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * What the single-step cells share (PyTorch 1.13's {@code nn.RNNCellBase}): {@code weight_ih} [gates * H, I],
 * {@code weight_hh} [gates * H, H], {@code bias_ih} and {@code bias_hh} [gates * H] (none without bias), drawn
 * uniform in +-1/sqrt(H) in that order; and unbatched input ([I], with a hidden state [H]), which gets a batch dim
 * of 1 and loses it again.
 */
public abstract class RNNCellBase extends Module {
    final long inputSize;
    final long hiddenSize;
    final Tensor weightIh;
    final Tensor weightHh;
    final Tensor biasIh;
    final Tensor biasHh;

    RNNCellBase(long inputSize, long hiddenSize, boolean bias, long gates, ScalarType dtype, Generator generator) {
        this.inputSize = inputSize;
        this.hiddenSize = hiddenSize;
        this.weightIh = registerParameter("weight_ih", empty(dtype, gates * hiddenSize, inputSize));
        this.weightHh = registerParameter("weight_hh", empty(dtype, gates * hiddenSize, hiddenSize));
        this.biasIh = bias ? registerParameter("bias_ih", empty(dtype, gates * hiddenSize)) : null;
        this.biasHh = bias ? registerParameter("bias_hh", empty(dtype, gates * hiddenSize)) : null;
        double stdv = hiddenSize > 0 ? 1.0 / Math.sqrt(hiddenSize) : 0;
        for (Tensor w : parameters()) {
            Init.uniform_(w, -stdv, stdv, generator);
        }
    }

    private static Tensor empty(ScalarType dtype, long... shape) {
        return Torch.empty(shape, dtype, null, null, null, null);
    }

    /** PyTorch's assertion that the input is [N, I] or [I]; {@code name} is the cell's class name. */
    static void checkInputDims(String name, Tensor input) {
        if (input.dim() != 1 && input.dim() != 2) {
            throw new IllegalArgumentException(name + ": Expected input to be 1-D or 2-D but received " + input.dim()
                    + "-D tensor");
        }
    }

    /** zeros [N, H]: the state PyTorch starts from when none is given. */
    final Tensor zeroState(Tensor batchedInput) {
        return Torch.zeros(new long[] {batchedInput.size(0), hiddenSize}, batchedInput.dtype());
    }

    @Override
    protected String extraRepr() {
        return inputSize + ", " + hiddenSize + (biasIh == null ? ", bias=False" : "");
    }
}
