package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * What {@link RNN} and {@link GRU} return for a packed input, PyTorch's {@code (output, h_n)}: the last layer's h
 * at every step, packed as the input was, and every layer's final h, [L * D, N, H], in the caller's order of the
 * sequences.
 */
public record PackedRecurrentOutput(PackedSequence output, Tensor hN) {
}
