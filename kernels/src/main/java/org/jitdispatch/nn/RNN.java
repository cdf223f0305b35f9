package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * A multi-layer Elman RNN ({@code torch.nn.RNN}): {@code h_t = tanh(x_t W_ih^T + b_ih + h_(t-1) W_hh^T + b_hh)}
 * (or relu), through {@code aten::rnn_tanh} / {@code aten::rnn_relu}. Input [T, N, I] ([N, T, I] batch first, or
 * [T, I] unbatched, or a {@link PackedSequence}); {@link #forward(Tensor, Tensor)} returns the output and h_n.
 */
public final class RNN extends RNNBase {
    private final boolean relu;

    public RNN(long inputSize, long hiddenSize) {
        this(new RNNOptions(inputSize, hiddenSize));
    }

    public RNN(RNNOptions options) {
        super(1, checked(options));
        this.relu = options.nonlinearity.equals("relu");
    }

    private static RNNOptions checked(RNNOptions o) {
        if (o.projSize != 0) {
            throw new IllegalArgumentException("proj_size argument is only supported for LSTM, not RNN or GRU");
        }
        if (!o.nonlinearity.equals("tanh") && !o.nonlinearity.equals("relu")) {
            throw new IllegalArgumentException("Unknown nonlinearity '" + o.nonlinearity + "'");
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
        return forwardOneHidden(relu ? Torch::rnn_relu : Torch::rnn_tanh, input, hx);
    }

    /**
     * Packed sequences in, packed out: output and h_n from {@code hx} ([L * D, N, H] in the order the sequences
     * were given; null: zeros). {@code batchFirst} plays no part: packed data has one layout.
     */
    public PackedRecurrentOutput forward(PackedSequence input, Tensor hx) {
        return forwardOneHidden(relu ? Torch::rnn_relu : Torch::rnn_tanh, input, hx);
    }
}
