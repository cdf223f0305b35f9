package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.optim.SGD;
import org.junit.jupiter.api.Test;

/**
 * RNN, GRU and LSTM over packed sequences against PyTorch 1.13 (src/test/python/make_nn_golden.py,
 * packed_references): a padded batch packed by {@link RnnUtils#packPaddedSequence} (sorted by length when
 * enforce_sorted is false, lengths with ties), the module, and {@link RnnUtils#padPackedSequence}. The packed output
 * data, the padded output and the final states (in the caller's order of the sequences) are PyTorch's, and so are
 * the gradients of the padded input, of the initial states and of every parameter (float32, within 1e-5); a few
 * SGD steps with dropout between layers follow PyTorch's losses to its final weights.
 */
class PackedSequenceModulesGoldenTest {

    @Test
    void lstmTwoLayersBidirectionalUnsorted() {
        long[] lengths = {2, 5, 3, 5};
        check("lstm_packed_two_layers_bidirectional", 31,
                () -> new LSTM(new RNNOptions(4, 3).numLayers(2).bidirectional(true)), in -> {
                    PackedSequence x = RnnUtils.packPaddedSequence(in.get("x"), lengths, false, false);
                    PackedLSTMOutput o = ((LSTM) module).forward(x, in.get("h"), in.get("c"));
                    return results(o.output(), false, 0.0, null, o.hN(), o.cN());
                });
    }

    @Test
    void gruSortedBatchFirst() {
        check("gru_packed_sorted_batch_first", 32, () -> new GRU(new RNNOptions(4, 3).batchFirst(true)), in -> {
            PackedSequence x = RnnUtils.packPaddedSequence(in.get("x"), new long[] {4, 2, 1}, true, true);
            PackedRecurrentOutput o = ((GRU) module).forward(x, null);
            return results(o.output(), true, 0.0, null, o.hN());
        });
    }

    @Test
    void rnnReluTwoLayersBidirectionalUnsorted() {
        check("rnn_relu_packed_two_layers_bidirectional", 33,
                () -> new RNN(new RNNOptions(4, 3).nonlinearity("relu").numLayers(2).bidirectional(true)), in -> {
                    PackedSequence x = RnnUtils.packPaddedSequence(in.get("x"), new long[] {1, 4, 2}, false, false);
                    PackedRecurrentOutput o = ((RNN) module).forward(x, in.get("h"));
                    return results(o.output(), false, 0.0, null, o.hN());
                });
    }

    @Test
    void lstmProjectionsPaddedToATotalLength() {
        check("lstm_packed_projections_total_length", 34,
                () -> new LSTM(new RNNOptions(4, 5).projSize(2).bidirectional(true).batchFirst(true)), in -> {
                    PackedSequence x = RnnUtils.packPaddedSequence(in.get("x"), new long[] {3, 4, 1}, true, false);
                    PackedLSTMOutput o = ((LSTM) module).forward(x, (LSTMState) null);
                    return results(o.output(), true, -1.0, 6L, o.hN(), o.cN());
                });
    }

    /** Four SGD steps in training: dropout between the layers draws PyTorch's masks over the packed data. */
    @Test
    void lstmTrainingStepsWithDropoutBetweenLayers() {
        String name = "lstm_packed_training_dropout";
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(35);
        LSTM lstm = new LSTM(new RNNOptions(4, 5).numLayers(2).dropout(0.3).bidirectional(true));
        SGD optimizer = new SGD(lstm.parameters(), 0.5);
        MSELoss mse = new MSELoss();
        float[] losses = new float[4];
        for (int step = 0; step < losses.length; step++) {
            optimizer.zeroGrad();
            PackedSequence x = RnnUtils.packPaddedSequence(ref.get("x"), new long[] {4, 6, 2}, false, false);
            Tensor y = RnnUtils.padPackedSequence(lstm.forward(x, null, null).output(), false, 0.0, null).padded();
            Tensor loss = mse.forward(y, ref.get("target"));
            loss.backward();
            optimizer.step();
            losses[step] = (float) loss.item().toDouble();
        }
        assertArrayEquals(ref.get("losses").toFloatArray(), losses, 1e-5f, name + ": losses");
        for (Map.Entry<String, Tensor> e : lstm.stateDict().entrySet()) {
            assertArrayEquals(ref.get("after." + e.getKey()).toFloatArray(), e.getValue().toFloatArray(), 1e-5f,
                    name + ": " + e.getKey() + " after training");
        }
    }

    /** The module the current check built (the forwards reach it through this field). */
    private Module module;

    /** What the reference flattens into y: the packed output data, the padded output, the final states. */
    private static List<Tensor> results(PackedSequence output, boolean batchFirst, double paddingValue, Long totalLength,
            Tensor... states) {
        List<Tensor> results = new ArrayList<>();
        results.add(output.data());
        results.add(RnnUtils.padPackedSequence(output, batchFirst, paddingValue, totalLength).padded());
        results.addAll(List.of(states));
        return results;
    }

    private interface Forward {
        List<Tensor> apply(Map<String, Tensor> inputs);
    }

    private void check(String name, long seed, Supplier<Module> make, Forward forward) {
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(seed);
        module = make.get();
        for (Map.Entry<String, Tensor> e : module.stateDict().entrySet()) {
            assertArrayEquals(ref.get("init." + e.getKey()).toFloatArray(), e.getValue().toFloatArray(),
                    name + ": initial " + e.getKey());
        }
        Map<String, Tensor> inputs = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Tensor> e : ref.entrySet()) {
            if (e.getKey().startsWith("in.")) {
                inputs.put(e.getKey().substring(3), e.getValue().requiresGrad_(true));
            }
        }
        List<Tensor> results = forward.apply(inputs);
        Tensor[] parts = new Tensor[results.size()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = results.get(i).reshape(-1);
        }
        Tensor y = Torch.cat(parts, 0);
        assertEquals(ref.get("y").numel(), y.numel(), name + ": number of outputs");
        assertArrayEquals(ref.get("y").toFloatArray(), y.toFloatArray(), 1e-5f, name + ": outputs");
        y.backward(ref.get("upstream"));
        for (Map.Entry<String, Tensor> e : inputs.entrySet()) {
            assertArrayEquals(ref.get("grad.in." + e.getKey()).toFloatArray(), e.getValue().grad().toFloatArray(), 1e-5f,
                    name + ": gradient of input " + e.getKey());
        }
        for (Map.Entry<String, Tensor> e : module.namedParameters().entrySet()) {
            assertArrayEquals(ref.get("grad." + e.getKey()).toFloatArray(), e.getValue().grad().toFloatArray(), 1e-5f,
                    name + ": gradient of " + e.getKey());
        }
    }

    private static Path resource(String name) {
        try {
            return Paths.get(PackedSequenceModulesGoldenTest.class.getResource("/nn/" + name + ".safetensors").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
