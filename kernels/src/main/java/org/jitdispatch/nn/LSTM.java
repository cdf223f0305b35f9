package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * A multi-layer long short-term memory ({@code torch.nn.LSTM}) through {@code aten::lstm}: gates i, f, g, o (stacked
 * in that order in the weights), {@code c' = f * c + i * g}, {@code h' = o * tanh(c')}, and with {@code projSize}
 * h' projected by {@code weight_hr}. Input [T, N, I] ([N, T, I] batch first, or [T, I] unbatched), or a
 * {@link PackedSequence}.
 *
 * <pre>{@code
 * LSTM lstm = new LSTM(new RNNOptions(10, 20).numLayers(2).batchFirst(true));
 * LSTMOutput out = lstm.forward(x, null, null);   // x [N, T, 10]; h_0 and c_0 zeros
 * Tensor last = out.hN().select(0, 1);           // the top layer's final h, [N, 20]
 * }</pre>
 */
public final class LSTM extends RNNBase {

    public LSTM(long inputSize, long hiddenSize) {
        this(new RNNOptions(inputSize, hiddenSize));
    }

    public LSTM(RNNOptions options) {
        super(4, checked(options));
    }

    private static RNNOptions checked(RNNOptions o) {
        if (!o.nonlinearity.equals("tanh")) {
            throw new IllegalArgumentException("nonlinearity argument is only supported for RNN, not LSTM");
        }
        return o;
    }

    /** The output sequence alone (h_0 and c_0 zeros). */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null, null).output();
    }

    public LSTMOutput forward(Tensor input, LSTMState state) {
        return state == null ? forward(input, null, null) : forward(input, state.h(), state.c());
    }

    /**
     * Output, h_n and c_n from the initial states h0 ([L * D, N, proj_size or H]) and c0 ([L * D, N, H]), or
     * without the N dim for an unbatched input; both null: zeros.
     */
    public LSTMOutput forward(Tensor input, Tensor h0, Tensor c0) {
        if ((h0 == null) != (c0 == null)) {
            throw new IllegalArgumentException("LSTM expects both h0 and c0, or neither");
        }
        boolean batched = input.dim() == 3;
        if (!batched) {
            input = input.unsqueeze(batchDim());
        }
        long realHidden = projSize > 0 ? projSize : hiddenSize;
        if (h0 == null) {
            h0 = zeroState(input, realHidden);
            c0 = zeroState(input, hiddenSize);
        } else if (batched && (h0.dim() != 3 || c0.dim() != 3)) {
            throw new IllegalArgumentException("For batched 3-D input, hx and cx should also be 3-D but got ("
                    + h0.dim() + "-D, " + c0.dim() + "-D) tensors");
        } else if (!batched) {
            if (h0.dim() != 2 || c0.dim() != 2) {
                throw new IllegalArgumentException("For unbatched 2-D input, hx and cx should also be 2-D but got ("
                        + h0.dim() + "-D, " + c0.dim() + "-D) tensors");
            }
            h0 = h0.unsqueeze(1);
            c0 = c0.unsqueeze(1);
        }
        checkInput(input);
        checkHiddenSize(h0, input, realHidden, "hidden[0]");
        checkHiddenSize(c0, input, hiddenSize, "hidden[1]");
        Tensor[] r = Torch.lstm(input, new Tensor[] {h0, c0}, flatWeights(), bias, numLayers, dropout, isTraining(),
                bidirectional, batchFirst);
        return batched ? new LSTMOutput(r[0], r[1], r[2])
                : new LSTMOutput(r[0].squeeze(batchDim()), r[1].squeeze(1), r[2].squeeze(1));
    }

    public PackedLSTMOutput forward(PackedSequence input, LSTMState state) {
        return state == null ? forward(input, null, null) : forward(input, state.h(), state.c());
    }

    /**
     * Packed sequences in, packed out: output, h_n and c_n from h0 ([L * D, N, proj_size or H]) and c0
     * ([L * D, N, H]), in the order the sequences were given; both null: zeros. {@code batchFirst} plays no part:
     * packed data has one layout.
     */
    public PackedLSTMOutput forward(PackedSequence input, Tensor h0, Tensor c0) {
        if ((h0 == null) != (c0 == null)) {
            throw new IllegalArgumentException("LSTM expects both h0 and c0, or neither");
        }
        long maxBatch = input.batchSize();
        long realHidden = projSize > 0 ? projSize : hiddenSize;
        if (h0 == null) {
            h0 = zeroState(maxBatch, input.data().dtype(), realHidden);
            c0 = zeroState(maxBatch, input.data().dtype(), hiddenSize);
        } else {
            h0 = permuteHidden(h0, input.sortedIndices());
            c0 = permuteHidden(c0, input.sortedIndices());
        }
        checkInput(input.data(), 2);
        checkHiddenSize(h0, maxBatch, realHidden, "hidden[0]");
        checkHiddenSize(c0, maxBatch, hiddenSize, "hidden[1]");
        Tensor[] r = Torch.lstm(input.data(), input.batchSizes(), new Tensor[] {h0, c0}, flatWeights(), bias,
                numLayers, dropout, isTraining(), bidirectional);
        Tensor[] restored = {permuteHidden(r[1], input.unsortedIndices()), permuteHidden(r[2], input.unsortedIndices())};
        return new PackedLSTMOutput(input.withData(r[0]), restored[0], restored[1]);
    }
}
