package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * What {@link LSTM} returns, PyTorch's {@code (output, (h_n, c_n))}: the last layer's h at every step, and every
 * layer's final h ([L * D, N, proj_size or H]) and c ([L * D, N, H]).
 */
public record LSTMOutput(Tensor output, Tensor hN, Tensor cN) {

    /** (h_n, c_n), to pass on as the next sequence's initial state. */
    public LSTMState state() {
        return new LSTMState(hN, cN);
    }
}
