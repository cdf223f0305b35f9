package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** An LSTM's hidden and cell states (PyTorch's {@code (h, c)} pair). */
public record LSTMState(Tensor h, Tensor c) {
}
