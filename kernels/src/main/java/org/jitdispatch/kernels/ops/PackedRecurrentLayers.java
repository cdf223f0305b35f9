package org.jitdispatch.kernels.ops;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * One recurrent layer in one direction over a packed sequence, as RNN.cpp's PackedLayer and ReversedPackedLayer run
 * it: the layer projects all the packed rows with one linear, then step {@code t} runs the cell on its
 * {@code batchSizes[t]} rows with the hidden states of the sequences still running. Going forward the batch
 * shrinks: the states of the sequences that have ended are set aside (they are final) and the rest go on. Going in
 * reverse the batch grows from the last step back: sequences join with their initial states as their last step is
 * reached. The outputs stay in the packed layout, {@code [sum(batchSizes), H]}; the final hidden state is in the
 * batch's order, {@code [batchSizes[0], H]}.
 */
final class PackedRecurrentLayers implements RecurrentLayers.Direction {
    private final long[] batchSizes;

    PackedRecurrentLayers(long[] batchSizes) {
        this.batchSizes = batchSizes;
    }

    @Override
    public Tensor run(RecurrentCell cell, Tensor data, Tensor[] hidden, CellParams params, boolean reverse,
            Tensor[][] finalHidden, int slot) {
        Tensor projected = params.linearIh(data);
        List<Tensor> outputs = new ArrayList<>();
        if (reverse) {
            finalHidden[slot] = reversed(cell, projected, hidden, params, outputs);
            Collections.reverse(outputs);
        } else {
            finalHidden[slot] = forward(cell, projected, hidden, params, outputs);
        }
        return Torch.cat(outputs.toArray(new Tensor[0]), 0);
    }

    /** PackedLayer: the steps in order; returns the final states of all the sequences, longest first. */
    private Tensor[] forward(RecurrentCell cell, Tensor projected, Tensor[] hidden, CellParams params,
            List<Tensor> outputs) {
        List<Tensor[]> ended = new ArrayList<>();
        long offset = 0;
        long lastBatch = batchSizes[0];
        for (long batch : batchSizes) {
            Tensor stepInput = projected.narrow(0, offset, batch);
            offset += batch;
            if (batch < lastBatch) {
                ended.add(rows(hidden, batch, lastBatch));
                hidden = rows(hidden, 0, batch);
            }
            lastBatch = batch;
            hidden = cell.step(stepInput, hidden, params, true);
            outputs.add(cell.output(hidden));
        }
        ended.add(hidden);
        Collections.reverse(ended);
        return concat(ended);
    }

    /** ReversedPackedLayer: the steps from the last; the outputs come in reverse order. */
    private Tensor[] reversed(RecurrentCell cell, Tensor projected, Tensor[] initial, CellParams params,
            List<Tensor> outputs) {
        long offset = projected.size(0);
        long lastBatch = batchSizes[batchSizes.length - 1];
        Tensor[] hidden = rows(initial, 0, lastBatch);
        for (int t = batchSizes.length - 1; t >= 0; t--) {
            long batch = batchSizes[t];
            if (batch > lastBatch) {
                hidden = concat(List.of(hidden, rows(initial, lastBatch, batch)));
            }
            Tensor stepInput = projected.narrow(0, offset - batch, batch);
            offset -= batch;
            lastBatch = batch;
            hidden = cell.step(stepInput, hidden, params, true);
            outputs.add(cell.output(hidden));
        }
        return hidden;
    }

    /** RNN.cpp's hidden_slice: rows [from, to) of every component of a hidden state ({h} or {h, c}). */
    private static Tensor[] rows(Tensor[] hidden, long from, long to) {
        Tensor[] result = new Tensor[hidden.length];
        for (int k = 0; k < hidden.length; k++) {
            result[k] = hidden[k].narrow(0, from, to - from);
        }
        return result;
    }

    /** RNN.cpp's hidden_concat: the states' rows one after the other, component by component. */
    private static Tensor[] concat(List<Tensor[]> hiddens) {
        Tensor[] result = new Tensor[hiddens.get(0).length];
        for (int k = 0; k < result.length; k++) {
            Tensor[] parts = new Tensor[hiddens.size()];
            for (int i = 0; i < parts.length; i++) {
                parts[i] = hiddens.get(i)[k];
            }
            result[k] = Torch.cat(parts, 0);
        }
        return result;
    }
}
