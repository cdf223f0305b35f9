package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * A multi-layer gated recurrent unit ({@code torch.nn.GRU}) through {@code aten::gru}: gates r, z and the candidate
 * {@code n = tanh(W_in x + b_in + r * (W_hn h + b_hn))}, {@code h' = (1 - z) * n + z * h}; the weights stack the
 * gates in that order. Input [T, N, I] ([N, T, I] batch first, or [T, I] unbatched), or a
 * {@link PackedSequence}.
 */
public final class GRU extends RNNBase {

    public GRU(long inputSize, long hiddenSize) {
        this(new RNNOptions(inputSize, hiddenSize));
    }

    public GRU(RNNOptions options) {
        super(3, checked(options));
    }

    private static RNNOptions checked(RNNOptions o) {
        if (o.projSize != 0) {
            throw new IllegalArgumentException("proj_size argument is only supported for LSTM, not RNN or GRU");
        }
        if (!o.nonlinearity.equals("tanh")) {
            throw new IllegalArgumentException("nonlinearity argument is only supported for RNN, not GRU");
        }
        return o;
    }

    /** The output sequence alone (h_0 zeros). */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null).output();
    }

    /** Output and h_n from the initial state {@code hx} ([L * D, N, H], or [L * D, H] unbatched; null: zeros). */
    public RecurrentOutput forward(Tensor input, Tensor hx) {
        return forwardOneHidden(Torch::gru, input, hx);
    }

    /**
     * Packed sequences in, packed out: output and h_n from {@code hx} ([L * D, N, H] in the order the sequences
     * were given; null: zeros). {@code batchFirst} plays no part: packed data has one layout.
     */
    public PackedRecurrentOutput forward(PackedSequence input, Tensor hx) {
        return forwardOneHidden(Torch::gru, input, hx);
    }
}
