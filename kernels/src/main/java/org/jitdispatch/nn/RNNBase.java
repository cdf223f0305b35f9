package org.jitdispatch.nn;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * What {@link RNN}, {@link GRU} and {@link LSTM} share (PyTorch 1.13's {@code nn.RNNBase}): the parameters of
 * every layer and direction, registered as PyTorch names them ({@code weight_ih_l0}, {@code weight_hh_l0},
 * {@code bias_ih_l0}, {@code bias_hh_l0}, {@code weight_hr_l0} with projections, {@code _reverse} for the second
 * direction) and drawn uniform in +-1/sqrt(hidden_size) in that order, so a seed gives PyTorch's weights; the
 * shape checks of the input and hidden states, with PyTorch's messages; and the handling of unbatched input.
 */
public abstract class RNNBase extends Module {
    final long inputSize;
    final long hiddenSize;
    final long numLayers;
    final boolean bias;
    final boolean batchFirst;
    final double dropout;
    final boolean bidirectional;
    final long projSize;
    private final Tensor[] flatWeights;

    RNNBase(long gates, RNNOptions o) {
        if (!(o.dropout >= 0 && o.dropout <= 1)) {
            throw new IllegalArgumentException("dropout should be a number in range [0, 1] representing the probability"
                    + " of an element being zeroed");
        }
        if (o.projSize < 0) {
            throw new IllegalArgumentException("proj_size should be a positive integer or zero to disable projections");
        }
        if (o.projSize >= o.hiddenSize) {
            throw new IllegalArgumentException("proj_size has to be smaller than hidden_size");
        }
        this.inputSize = o.inputSize;
        this.hiddenSize = o.hiddenSize;
        this.numLayers = o.numLayers;
        this.bias = o.bias;
        this.batchFirst = o.batchFirst;
        this.dropout = o.dropout;
        this.bidirectional = o.bidirectional;
        this.projSize = o.projSize;
        long gateSize = gates * hiddenSize;
        long realHidden = projSize > 0 ? projSize : hiddenSize;
        List<Tensor> weights = new ArrayList<>();
        for (long layer = 0; layer < numLayers; layer++) {
            for (int direction = 0; direction < directions(); direction++) {
                long layerInput = layer == 0 ? inputSize : realHidden * directions();
                String suffix = "_l" + layer + (direction == 1 ? "_reverse" : "");
                weights.add(parameter("weight_ih" + suffix, o, gateSize, layerInput));
                weights.add(parameter("weight_hh" + suffix, o, gateSize, realHidden));
                if (bias) {
                    weights.add(parameter("bias_ih" + suffix, o, gateSize));
                    weights.add(parameter("bias_hh" + suffix, o, gateSize));
                }
                if (projSize > 0) {
                    weights.add(parameter("weight_hr" + suffix, o, projSize, hiddenSize));
                }
            }
        }
        this.flatWeights = weights.toArray(new Tensor[0]);
        double stdv = hiddenSize > 0 ? 1.0 / Math.sqrt(hiddenSize) : 0;
        for (Tensor w : parameters()) {
            Init.uniform_(w, -stdv, stdv, o.generator);
        }
    }

    private Tensor parameter(String name, RNNOptions o, long... shape) {
        return registerParameter(name, Torch.empty(shape, o.dtype, null, null, null, null));
    }

    final int directions() {
        return bidirectional ? 2 : 1;
    }

    /** Every layer's weights in the order the recurrent operators take them (PyTorch's {@code _flat_weights}). */
    final Tensor[] flatWeights() {
        return flatWeights;
    }

    /** The dim of the batch in a batched input. */
    final int batchDim() {
        return batchFirst ? 0 : 1;
    }

    /** zeros [L * D, N, features]: the initial state PyTorch uses when none is given. */
    final Tensor zeroState(Tensor input, long features) {
        return zeroState(input.size(batchDim()), input.dtype(), features);
    }

    final Tensor zeroState(long batch, ScalarType dtype, long features) {
        return Torch.zeros(new long[] {numLayers * directions(), batch, features}, dtype);
    }

    /** PyTorch's check_input of a padded batch. */
    final void checkInput(Tensor input) {
        checkInput(input, 3);
    }

    /** PyTorch's check_input: a padded batch has 3 dims, packed data 2. */
    final void checkInput(Tensor input, int expectedDim) {
        if (input.dim() != expectedDim) {
            throw new IllegalArgumentException("input must have " + expectedDim + " dimensions, got " + input.dim());
        }
        if (inputSize != input.size(-1)) {
            throw new IllegalArgumentException("input.size(-1) must be equal to input_size. Expected " + inputSize
                    + ", got " + input.size(-1));
        }
    }

    /** PyTorch's check_hidden_size: {@code state} must be [L * D, N, features]; the message names it. */
    final void checkHiddenSize(Tensor state, Tensor input, long features, String what) {
        checkHiddenSize(state, input.size(batchDim()), features, what);
    }

    /** check_hidden_size for {@code miniBatch} sequences (a packed sequence's batch_sizes[0]). */
    final void checkHiddenSize(Tensor state, long miniBatch, long features, String what) {
        long[] expected = {numLayers * directions(), miniBatch, features};
        if (!java.util.Arrays.equals(state.sizes(), expected)) {
            throw new IllegalArgumentException("Expected " + what + " size (" + expected[0] + ", " + expected[1] + ", "
                    + expected[2] + "), got " + java.util.Arrays.toString(state.sizes()));
        }
    }

    /** One of the operators rnn_tanh, rnn_relu and gru: {output, h_n} of a batched input and state. */
    interface OneHiddenOp {
        Tensor[] apply(Tensor input, Tensor hx, Tensor[] params, boolean hasBiases, long numLayers, double dropout,
                boolean train, boolean bidirectional, boolean batchFirst);
    }

    /**
     * The forward of RNN and GRU: an unbatched input ([T, I], with hx [L * D, H]) gets a batch dim of 1 and
     * loses it again; hx defaults to zeros; the shapes are checked as PyTorch checks them.
     */
    final RecurrentOutput forwardOneHidden(OneHiddenOp op, Tensor input, Tensor hx) {
        boolean batched = input.dim() == 3;
        if (!batched) {
            input = input.unsqueeze(batchDim());
            if (hx != null) {
                if (hx.dim() != 2) {
                    throw new IllegalArgumentException("For unbatched 2-D input, hx should also be 2-D but got "
                            + hx.dim() + "-D tensor");
                }
                hx = hx.unsqueeze(1);
            }
        } else if (hx != null && hx.dim() != 3) {
            throw new IllegalArgumentException("For batched 3-D input, hx should also be 3-D but got " + hx.dim()
                    + "-D tensor");
        }
        if (hx == null) {
            hx = zeroState(input, hiddenSize);
        }
        checkInput(input);
        checkHiddenSize(hx, input, hiddenSize, "hidden");
        Tensor[] result = op.apply(input, hx, flatWeights, bias, numLayers, dropout, isTraining(), bidirectional,
                batchFirst);
        return batched ? new RecurrentOutput(result[0], result[1])
                : new RecurrentOutput(result[0].squeeze(batchDim()), result[1].squeeze(1));
    }

    /** One of the operators rnn_tanh.data, rnn_relu.data and gru.data: {output data, h_n} of packed data. */
    interface OneHiddenPackedOp {
        Tensor[] apply(Tensor data, Tensor batchSizes, Tensor hx, Tensor[] params, boolean hasBiases, long numLayers,
                double dropout, boolean train, boolean bidirectional);
    }

    /**
     * The forward of RNN and GRU over packed sequences: hx (null: zeros) has one row per sequence in the caller's
     * order, so its rows are put in the packed (sorted) order for the operator and h_n's rows back.
     */
    final PackedRecurrentOutput forwardOneHidden(OneHiddenPackedOp op, PackedSequence input, Tensor hx) {
        long maxBatch = input.batchSize();
        hx = hx == null ? zeroState(maxBatch, input.data().dtype(), hiddenSize) : permuteHidden(hx,
                input.sortedIndices());
        checkInput(input.data(), 2);
        checkHiddenSize(hx, maxBatch, hiddenSize, "hidden");
        Tensor[] result = op.apply(input.data(), input.batchSizes(), hx, flatWeights, bias, numLayers, dropout,
                isTraining(), bidirectional);
        return new PackedRecurrentOutput(input.withData(result[0]), permuteHidden(result[1], input.unsortedIndices()));
    }

    /** PyTorch's permute_hidden: a state's rows (dim 1) in the order of {@code permutation}, if there is one. */
    static Tensor permuteHidden(Tensor state, Tensor permutation) {
        return permutation == null ? state : state.index_select(1, permutation);
    }

    @Override
    protected String extraRepr() {
        return inputSize + ", " + hiddenSize + (projSize != 0 ? ", proj_size=" + projSize : "")
                + (numLayers != 1 ? ", num_layers=" + numLayers : "") + (!bias ? ", bias=False" : "")
                + (batchFirst ? ", batch_first=True" : "") + (dropout != 0 ? ", dropout=" + PyRepr.of(dropout) : "")
                + (bidirectional ? ", bidirectional=True" : "");
    }
}
