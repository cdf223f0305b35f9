package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * One step of an Elman RNN ({@code torch.nn.RNNCell}): {@code h' = tanh(x W_ih^T + b_ih + h W_hh^T + b_hh)} (or
 * relu), through {@code aten::rnn_tanh_cell} / {@code aten::rnn_relu_cell}.
 */
public final class RNNCell extends RNNCellBase {
    private final String nonlinearity;

    public RNNCell(long inputSize, long hiddenSize) {
        this(inputSize, hiddenSize, true, "tanh", ScalarType.Float32, null);
    }

    public RNNCell(long inputSize, long hiddenSize, boolean bias, String nonlinearity, ScalarType dtype,
            Generator generator) {
        super(inputSize, hiddenSize, bias, 1, dtype, generator);
        this.nonlinearity = nonlinearity;
    }

    /** PyTorch prints a nonlinearity other than tanh, unquoted. */
    @Override
    protected String extraRepr() {
        return super.extraRepr() + (nonlinearity.equals("tanh") ? "" : ", nonlinearity=" + nonlinearity);
    }

    /** h' from h = zeros. */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null);
    }

    /** h' from input [N, I] and hx [N, H] (or [I] and [H]; hx null: zeros). */
    public Tensor forward(Tensor input, Tensor hx) {
        checkInputDims("RNNCell", input);
        boolean batched = input.dim() == 2;
        Tensor x = batched ? input : input.unsqueeze(0);
        Tensor h = hx == null ? zeroState(x) : batched ? hx : hx.unsqueeze(0);
        Tensor result;
        if (nonlinearity.equals("tanh")) {
            result = Torch.rnn_tanh_cell(x, h, weightIh, weightHh, biasIh, biasHh);
        } else if (nonlinearity.equals("relu")) {
            result = Torch.rnn_relu_cell(x, h, weightIh, weightHh, biasIh, biasHh);
        } else {
            throw new IllegalArgumentException("Unknown nonlinearity: " + nonlinearity);
        }
        return batched ? result : result.squeeze(0);
    }
}
