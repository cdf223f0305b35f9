package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * What {@link LSTM} returns for a packed input, PyTorch's {@code (output, (h_n, c_n))}: the last layer's h at every
 * step, packed as the input was, and every layer's final h and c in the caller's order of the sequences.
 */
public record PackedLSTMOutput(PackedSequence output, Tensor hN, Tensor cN) {

    /** (h_n, c_n), to pass on as the next sequence's initial state. */
    public LSTMState state() {
        return new LSTMState(hN, cN);
    }
}
