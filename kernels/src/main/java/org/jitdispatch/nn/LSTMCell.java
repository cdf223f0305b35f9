package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/** One step of an LSTM ({@code torch.nn.LSTMCell}) through {@code aten::lstm_cell}; gates i, f, g, o as {@link LSTM}. */
public final class LSTMCell extends RNNCellBase {

    public LSTMCell(long inputSize, long hiddenSize) {
        this(inputSize, hiddenSize, true, ScalarType.Float32, null);
    }

    public LSTMCell(long inputSize, long hiddenSize, boolean bias, ScalarType dtype, Generator generator) {
        super(inputSize, hiddenSize, bias, 4, dtype, generator);
    }

    /** h' from h and c zeros (the new c is dropped; {@link #forward(Tensor, LSTMState)} returns both). */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null).h();
    }

    /** (h', c') from input [N, I] and state ([N, H], [N, H]) (or [I] and [H]; state null: zeros). */
    public LSTMState forward(Tensor input, LSTMState state) {
        checkInputDims("LSTMCell", input);
        boolean batched = input.dim() == 2;
        Tensor x = batched ? input : input.unsqueeze(0);
        Tensor[] hx;
        if (state == null) {
            Tensor zeros = zeroState(x);
            hx = new Tensor[] {zeros, zeros};
        } else {
            hx = batched ? new Tensor[] {state.h(), state.c()}
                    : new Tensor[] {state.h().unsqueeze(0), state.c().unsqueeze(0)};
        }
        Tensor[] result = Torch.lstm_cell(x, hx, weightIh, weightHh, biasIh, biasHh);
        return batched ? new LSTMState(result[0], result[1])
                : new LSTMState(result[0].squeeze(0), result[1].squeeze(0));
    }
}
