package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * What {@link RNN} and {@link GRU} return, PyTorch's {@code (output, h_n)}: the last layer's h at every step,
 * [T, N, D * H] ([N, T, D * H] batch first, [T, D * H] unbatched), and every layer's final h, [L * D, N, H].
 */
public record RecurrentOutput(Tensor output, Tensor hN) {
}
