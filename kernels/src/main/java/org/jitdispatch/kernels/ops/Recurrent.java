package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;

/**
 * PyTorch 1.13's recurrent operators (RNN.cpp), CompositeImplicitAutograd: the cells {@code rnn_tanh_cell},
 * {@code rnn_relu_cell}, {@code lstm_cell} and {@code gru_cell} with their shape checks and messages, and the
 * layer stacks {@code rnn_tanh}, {@code rnn_relu}, {@code lstm} and {@code gru} over a whole sequence (number of
 * layers, both directions, batch first, dropout between layers in training, with or without biases, an LSTM's
 * projections), over a padded sequence or (the {@code .data} overloads) a packed one. The arithmetic is in
 * {@link RecurrentCell}, the stepping through time in {@link RecurrentLayers} and {@link PackedRecurrentLayers}.
 */
public final class Recurrent implements RecurrentDeclarations {

    // ---------------------------------------------------------------- cells

    @Override
    public Tensor rnn_tanh_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor b_ih, Tensor b_hh) {
        return oneHiddenCell(RecurrentCell.TANH, input, hx, w_ih, w_hh, b_ih, b_hh);
    }

    @Override
    public Tensor rnn_relu_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor b_ih, Tensor b_hh) {
        return oneHiddenCell(RecurrentCell.RELU, input, hx, w_ih, w_hh, b_ih, b_hh);
    }

    @Override
    public Tensor gru_cell(Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh, Tensor b_ih, Tensor b_hh) {
        return oneHiddenCell(RecurrentCell.GRU, input, hx, w_ih, w_hh, b_ih, b_hh);
    }

    @Override
    public Tensor[] lstm_cell(Tensor input, Tensor[] hx, Tensor w_ih, Tensor w_hh, Tensor b_ih, Tensor b_hh) {
        if (hx.length != 2) {
            throw new IllegalArgumentException("lstm_cell expects two hidden states");
        }
        checkCellInput(input, w_ih.size(1));
        long hiddenSize = w_hh.size(1);
        checkCellHidden(input, hx[0], hiddenSize, 0);
        checkCellHidden(input, hx[1], hiddenSize, 0);
        return RecurrentCell.LSTM.step(input, hx, new CellParams(w_ih, w_hh, b_ih, b_hh, null), false);
    }

    private static Tensor oneHiddenCell(RecurrentCell cell, Tensor input, Tensor hx, Tensor w_ih, Tensor w_hh,
            Tensor b_ih, Tensor b_hh) {
        checkCellInput(input, w_ih.size(1));
        checkCellHidden(input, hx, w_hh.size(1), 0);
        return cell.step(input, new Tensor[] {hx}, new CellParams(w_ih, w_hh, b_ih, b_hh, null), false)[0];
    }

    private static void checkCellInput(Tensor input, long inputSize) {
        if (input.size(1) != inputSize) {
            throw new IllegalArgumentException("input has inconsistent input_size: got " + input.size(1) + " expected "
                    + inputSize);
        }
    }

    private static void checkCellHidden(Tensor input, Tensor hx, long hiddenSize, int label) {
        if (input.size(0) != hx.size(0)) {
            throw new IllegalArgumentException("Input batch size " + input.size(0) + " doesn't match hidden" + label
                    + " batch size " + hx.size(0));
        }
        if (hx.size(1) != hiddenSize) {
            throw new IllegalArgumentException("hidden" + label + " has inconsistent hidden_size: got " + hx.size(1)
                    + ", expected " + hiddenSize);
        }
    }

    // ---------------------------------------------------------------- layers

    @Override
    public Tensor[] rnn_tanh(Tensor input, Tensor hx, Tensor[] params, boolean has_biases, long num_layers,
            double dropout, boolean train, boolean bidirectional, boolean batch_first) {
        return oneHiddenLayers(RecurrentCell.TANH, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first);
    }

    @Override
    public Tensor[] rnn_relu(Tensor input, Tensor hx, Tensor[] params, boolean has_biases, long num_layers,
            double dropout, boolean train, boolean bidirectional, boolean batch_first) {
        return oneHiddenLayers(RecurrentCell.RELU, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first);
    }

    @Override
    public Tensor[] gru(Tensor input, Tensor hx, Tensor[] params, boolean has_biases, long num_layers,
            double dropout, boolean train, boolean bidirectional, boolean batch_first) {
        return oneHiddenLayers(RecurrentCell.GRU, input, hx, params, has_biases, num_layers, dropout, train,
                bidirectional, batch_first);
    }

    /** RNN.cpp's ONE_HIDDEN_RNN: output [T, B, D * H] (batch first: transposed in place) and h_n [L * D, B, H]. */
    private static Tensor[] oneHiddenLayers(RecurrentCell cell, Tensor input, Tensor hx, Tensor[] params,
            boolean hasBiases, long numLayers, double dropout, boolean train, boolean bidirectional,
            boolean batchFirst) {
        Tensor seqFirst = batchFirst ? input.transpose(0, 1) : input;
        CellParams[] cellParams = CellParams.gather(params, hasBiases, false);
        RecurrentLayers.Output result = RecurrentLayers.run(cell, seqFirst, oneHiddenStates(hx), cellParams, numLayers,
                dropout, train, bidirectional);
        Tensor hN = RecurrentLayers.stackHidden(result.finalHidden(), 0);
        Tensor output = result.output();
        if (batchFirst) {
            output.transpose_(0, 1);
        }
        return new Tensor[] {output, hN};
    }

    /**
     * RNN.cpp's lstm: hx is {h_0, c_0}, with projections when h's features differ from c's. Returns output, h_n
     * and c_n.
     */
    @Override
    public Tensor[] lstm(Tensor input, Tensor[] hx, Tensor[] params, boolean has_biases, long num_layers,
            double dropout, boolean train, boolean bidirectional, boolean batch_first) {
        boolean hasProjections = hasProjections(hx);
        Tensor seqFirst = batch_first ? input.transpose(0, 1) : input;
        CellParams[] cellParams = CellParams.gather(params, has_biases, hasProjections);
        RecurrentLayers.Output result = RecurrentLayers.run(RecurrentCell.LSTM, seqFirst, lstmStates(hx), cellParams,
                num_layers, dropout, train, bidirectional);
        Tensor hN = RecurrentLayers.stackHidden(result.finalHidden(), 0);
        Tensor cN = RecurrentLayers.stackHidden(result.finalHidden(), 1);
        Tensor output = batch_first ? result.output().transpose(0, 1) : result.output();
        return new Tensor[] {output, hN, cN};
    }

    /** The LSTM has projections when h's features differ from c's (then the parameters carry w_hr). */
    private static boolean hasProjections(Tensor[] hx) {
        if (hx.length != 2) {
            throw new IllegalArgumentException("lstm expects two hidden states");
        }
        return hx[0].size(2) != hx[1].size(2);
    }

    /** {h} per layer and direction, from hx [L * D, B, H]. */
    private static Tensor[][] oneHiddenStates(Tensor hx) {
        Tensor[] layerHx = hx.unbind(0);
        Tensor[][] hiddens = new Tensor[layerHx.length][];
        for (int i = 0; i < hiddens.length; i++) {
            hiddens[i] = new Tensor[] {layerHx[i]};
        }
        return hiddens;
    }

    /** {h, c} per layer and direction, from {h_0, c_0}. */
    private static Tensor[][] lstmStates(Tensor[] hx) {
        Tensor[] layerHx = hx[0].unbind(0);
        Tensor[] layerCx = hx[1].unbind(0);
        if (layerCx.length < layerHx.length) {
            // ATen pairs them up without a check (and reads past the cell states); refuse as a count mismatch
            throw new IllegalArgumentException("Expected more hidden states in stacked_rnn");
        }
        Tensor[][] hiddens = new Tensor[layerHx.length][];
        for (int i = 0; i < hiddens.length; i++) {
            hiddens[i] = new Tensor[] {layerHx[i], layerCx[i]};
        }
        return hiddens;
    }

    // ---------------------------------------------------------------- layers over a packed sequence (.data)

    @Override
    public Tensor[] rnn_tanh(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, boolean has_biases,
            long num_layers, double dropout, boolean train, boolean bidirectional) {
        return oneHiddenPacked(RecurrentCell.TANH, data, batch_sizes, hx, params, has_biases, num_layers, dropout,
                train, bidirectional);
    }

    @Override
    public Tensor[] rnn_relu(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, boolean has_biases,
            long num_layers, double dropout, boolean train, boolean bidirectional) {
        return oneHiddenPacked(RecurrentCell.RELU, data, batch_sizes, hx, params, has_biases, num_layers, dropout,
                train, bidirectional);
    }

    @Override
    public Tensor[] gru(Tensor data, Tensor batch_sizes, Tensor hx, Tensor[] params, boolean has_biases,
            long num_layers, double dropout, boolean train, boolean bidirectional) {
        return oneHiddenPacked(RecurrentCell.GRU, data, batch_sizes, hx, params, has_biases, num_layers, dropout,
                train, bidirectional);
    }

    /** RNN.cpp's ONE_HIDDEN_RNN over packed data: output data [sum(batch_sizes), D * H] and h_n [L * D, B, H]. */
    private static Tensor[] oneHiddenPacked(RecurrentCell cell, Tensor data, Tensor batchSizes, Tensor hx,
            Tensor[] params, boolean hasBiases, long numLayers, double dropout, boolean train, boolean bidirectional) {
        long[] sizes = BatchSizes.readForRecurrent(batchSizes, data);
        checkPackedHidden(hx, sizes, "hx");
        CellParams[] cellParams = CellParams.gather(params, hasBiases, false);
        RecurrentLayers.Output result = RecurrentLayers.run(cell, data, oneHiddenStates(hx), cellParams, numLayers,
                dropout, train, bidirectional, new PackedRecurrentLayers(sizes));
        return new Tensor[] {result.output(), RecurrentLayers.stackHidden(result.finalHidden(), 0)};
    }

    /** RNN.cpp's lstm over packed data: output data, h_n and c_n. */
    @Override
    public Tensor[] lstm(Tensor data, Tensor batch_sizes, Tensor[] hx, Tensor[] params, boolean has_biases,
            long num_layers, double dropout, boolean train, boolean bidirectional) {
        boolean hasProjections = hasProjections(hx);
        long[] sizes = BatchSizes.readForRecurrent(batch_sizes, data);
        checkPackedHidden(hx[0], sizes, "hx[0]");
        checkPackedHidden(hx[1], sizes, "hx[1]");
        CellParams[] cellParams = CellParams.gather(params, has_biases, hasProjections);
        RecurrentLayers.Output result = RecurrentLayers.run(RecurrentCell.LSTM, data, lstmStates(hx), cellParams,
                num_layers, dropout, train, bidirectional, new PackedRecurrentLayers(sizes));
        return new Tensor[] {result.output(), RecurrentLayers.stackHidden(result.finalHidden(), 0),
            RecurrentLayers.stackHidden(result.finalHidden(), 1)};
    }

    /**
     * A packed sequence's initial state holds one row per sequence: batch_sizes[0] of them. ATen slices it by the
     * batch sizes without a check (another batch fails later in a broadcast, or is cut silently); refused here.
     */
    private static void checkPackedHidden(Tensor state, long[] batchSizes, String name) {
        if (state.dim() != 3 || state.size(1) != batchSizes[0]) {
            throw new IllegalArgumentException("Expected " + name + " to be 3-D [num_layers * num_directions, "
                    + batchSizes[0] + " (batch_sizes[0]), hidden_size], but got sizes "
                    + java.util.Arrays.toString(state.sizes()));
        }
    }
}
