package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/** One step of a GRU ({@code torch.nn.GRUCell}) through {@code aten::gru_cell}; gates r, z, n as {@link GRU}. */
public final class GRUCell extends RNNCellBase {

    public GRUCell(long inputSize, long hiddenSize) {
        this(inputSize, hiddenSize, true, ScalarType.Float32, null);
    }

    public GRUCell(long inputSize, long hiddenSize, boolean bias, ScalarType dtype, Generator generator) {
        super(inputSize, hiddenSize, bias, 3, dtype, generator);
    }

    /** h' from h = zeros. */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null);
    }

    /** h' from input [N, I] and hx [N, H] (or [I] and [H]; hx null: zeros). */
    public Tensor forward(Tensor input, Tensor hx) {
        checkInputDims("GRUCell", input);
        boolean batched = input.dim() == 2;
        Tensor x = batched ? input : input.unsqueeze(0);
        Tensor h = hx == null ? zeroState(x) : batched ? hx : hx.unsqueeze(0);
        Tensor result = Torch.gru_cell(x, h, weightIh, weightHh, biasIh, biasHh);
        return batched ? result : result.squeeze(0);
    }
}
