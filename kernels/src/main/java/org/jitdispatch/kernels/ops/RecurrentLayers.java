package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * A stack of recurrent layers over a whole sequence [T, B, I] (or [T, I]), as RNN.cpp's CPU path runs it:
 * each layer projects its whole input with one linear ({@code FullLayer} with {@code pre_compute_input}), then
 * steps its cell through time; a bidirectional layer runs a second cell over the reversed sequence and
 * concatenates the two outputs along the features; dropout (in training) falls between layers. Hidden states
 * are {@code {h}} or {@code {h, c}} per layer and direction, in nn.RNN's order (layer 0 forward, layer 0
 * reverse, layer 1 forward, ...).
 */
final class RecurrentLayers {
    private RecurrentLayers() {
    }

    /** The last layer's output sequence and every layer's (and direction's) final hidden state. */
    record Output(Tensor output, Tensor[][] finalHidden) {
    }

    /**
     * How one layer runs in one direction over its input: the whole sequence [T, B, I] ({@link #direction}) or a
     * packed one ({@link PackedRecurrentLayers}). Returns the outputs in the input's layout and puts the final
     * hidden state in {@code finalHidden[slot]}.
     */
    interface Direction {
        Tensor run(RecurrentCell cell, Tensor input, Tensor[] hidden, CellParams params, boolean reverse,
                Tensor[][] finalHidden, int slot);
    }

    /** RNN.cpp's _rnn_impl over whole sequences: the layer stack, bidirectional or not. */
    static Output run(RecurrentCell cell, Tensor input, Tensor[][] hiddens, CellParams[] params, long numLayers,
            double dropout, boolean train, boolean bidirectional) {
        return run(cell, input, hiddens, params, numLayers, dropout, train, bidirectional, RecurrentLayers::direction);
    }

    /**
     * RNN.cpp's _rnn_impl with the layers of {@code direction}: a bidirectional layer concatenates its two outputs
     * along the features (the last dim, in both layouts).
     */
    static Output run(RecurrentCell cell, Tensor input, Tensor[][] hiddens, CellParams[] params, long numLayers,
            double dropout, boolean train, boolean bidirectional, Direction direction) {
        int directions = bidirectional ? 2 : 1;
        if (bidirectional && (hiddens.length % 2 != 0 || params.length % 2 != 0)) {
            throw new IllegalArgumentException("Odd number of params or hiddens given to a bidirectional RNN");
        }
        if (numLayers != hiddens.length / directions) {
            throw new IllegalArgumentException("Expected more hidden states in stacked_rnn");
        }
        if (numLayers != params.length / directions) {
            throw new IllegalArgumentException("Expected more weights in stacked_rnn");
        }
        Tensor layerInput = input;
        Tensor[][] finalHidden = new Tensor[hiddens.length][];
        for (int l = 0; l < numLayers; l++) {
            if (bidirectional) {
                int fw = 2 * l;
                int rev = fw + 1;
                Tensor forward = direction.run(cell, layerInput, hiddens[fw], params[fw], false, finalHidden, fw);
                Tensor reverse = direction.run(cell, layerInput, hiddens[rev], params[rev], true, finalHidden, rev);
                layerInput = Torch.cat(new Tensor[] {forward, reverse}, forward.dim() - 1);
            } else {
                layerInput = direction.run(cell, layerInput, hiddens[l], params[l], false, finalHidden, l);
            }
            if (dropout != 0 && train && l < numLayers - 1) {
                layerInput = Torch.dropout(layerInput, dropout, true);
            }
        }
        return new Output(layerInput, finalHidden);
    }

    /**
     * One layer in one direction (FullLayer; with {@code reverse}, the reversed half of FullBidirectionalLayer): the
     * outputs stacked in time order; the final hidden state goes to {@code finalHidden[slot]}.
     */
    private static Tensor direction(RecurrentCell cell, Tensor input, Tensor[] hidden, CellParams params,
            boolean reverse, Tensor[][] finalHidden, int slot) {
        Tensor[] steps = params.linearIh(input).unbind(0);
        Tensor[] outputs = new Tensor[steps.length];
        for (int i = 0; i < steps.length; i++) {
            int t = reverse ? steps.length - 1 - i : i;
            hidden = cell.step(steps[t], hidden, params, true);
            outputs[t] = cell.output(hidden);
        }
        if (outputs.length == 0) {
            throw new IllegalArgumentException("Expected sequence length to be larger than 0 in RNN");
        }
        finalHidden[slot] = hidden;
        return Torch.stack(outputs, 0);
    }

    /** The final hidden states' component {@code k} (h or c) of every layer and direction, stacked: [L * D, B, H]. */
    static Tensor stackHidden(Tensor[][] finalHidden, int k) {
        Tensor[] parts = new Tensor[finalHidden.length];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = finalHidden[i][k];
        }
        return Torch.stack(parts, 0);
    }
}
