package org.jitdispatch.nn;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.optim.SGD;
import org.junit.jupiter.api.Test;

/**
 * The recurrent modules against PyTorch 1.13 (src/test/python/make_nn_golden.py): built after the same manual_seed
 * they start with PyTorch's exact weights; from the same inputs they give PyTorch's outputs and final states, and
 * the same gradients of inputs and parameters (float32, within 1e-5); a few SGD steps follow PyTorch's losses and
 * end at its weights (dropout between layers drawing PyTorch's masks).
 */
class RecurrentModulesGoldenTest {

    @Test
    void rnnCell() {
        check("rnn_cell", 11, () -> new RNNCell(4, 3), (m, in) -> List.of(((RNNCell) m).forward(in.get("x"), in.get("h"))));
    }

    @Test
    void rnnCellReluUnbatched() {
        check("rnn_cell_relu_unbatched", 12, () -> new RNNCell(4, 3, true, "relu", org.jitdispatch.runtime.ScalarType.Float32,
                null), (m, in) -> List.of(m.forward(in.get("x"))));
    }

    @Test
    void gruCell() {
        check("gru_cell", 13, () -> new GRUCell(4, 3), (m, in) -> List.of(((GRUCell) m).forward(in.get("x"), in.get("h"))));
    }

    @Test
    void lstmCell() {
        check("lstm_cell", 14, () -> new LSTMCell(4, 3), (m, in) -> {
            LSTMState s = ((LSTMCell) m).forward(in.get("x"), new LSTMState(in.get("h"), in.get("c")));
            return List.of(s.h(), s.c());
        });
    }

    @Test
    void lstmCellUnbatchedWithoutBias() {
        check("lstm_cell_unbatched_no_bias", 15, () -> new LSTMCell(4, 3, false, org.jitdispatch.runtime.ScalarType.Float32,
                null), (m, in) -> {
                    LSTMState s = ((LSTMCell) m).forward(in.get("x"), null);
                    return List.of(s.h(), s.c());
                });
    }

    @Test
    void rnnTwoLayers() {
        check("rnn_two_layers", 16, () -> new RNN(new RNNOptions(4, 3).numLayers(2)), (m, in) -> {
            RecurrentOutput o = ((RNN) m).forward(in.get("x"), in.get("h"));
            return List.of(o.output(), o.hN());
        });
    }

    @Test
    void rnnReluBidirectionalBatchFirst() {
        check("rnn_relu_bidirectional_batch_first", 17,
                () -> new RNN(new RNNOptions(4, 3).nonlinearity("relu").bidirectional(true).batchFirst(true)), (m, in) -> {
                    RecurrentOutput o = ((RNN) m).forward(in.get("x"), null);
                    return List.of(o.output(), o.hN());
                });
    }

    @Test
    void gruTwoLayersBidirectional() {
        check("gru_two_layers_bidirectional", 18, () -> new GRU(new RNNOptions(4, 3).numLayers(2).bidirectional(true)),
                (m, in) -> {
                    RecurrentOutput o = ((GRU) m).forward(in.get("x"), in.get("h"));
                    return List.of(o.output(), o.hN());
                });
    }

    @Test
    void gruUnbatched() {
        check("gru_unbatched", 19, () -> new GRU(4, 3), (m, in) -> {
            RecurrentOutput o = ((GRU) m).forward(in.get("x"), in.get("h"));
            return List.of(o.output(), o.hN());
        });
    }

    @Test
    void lstmTwoLayers() {
        check("lstm_two_layers", 20, () -> new LSTM(new RNNOptions(4, 3).numLayers(2)), (m, in) -> {
            LSTMOutput o = ((LSTM) m).forward(in.get("x"), in.get("h"), in.get("c"));
            return List.of(o.output(), o.hN(), o.cN());
        });
    }

    @Test
    void lstmProjectionsBidirectionalBatchFirst() {
        check("lstm_projections_bidirectional_batch_first", 21,
                () -> new LSTM(new RNNOptions(4, 5).projSize(2).bidirectional(true).batchFirst(true)), (m, in) -> {
                    LSTMOutput o = ((LSTM) m).forward(in.get("x"), (LSTMState) null);
                    return List.of(o.output(), o.hN(), o.cN());
                });
    }

    @Test
    void lstmUnbatchedWithoutBias() {
        check("lstm_unbatched_no_bias", 22, () -> new LSTM(new RNNOptions(4, 3).bias(false)), (m, in) -> {
            LSTMOutput o = ((LSTM) m).forward(in.get("x"), null, null);
            return List.of(o.output(), o.hN(), o.cN());
        });
    }

    @Test
    void lstmTrainingSteps() {
        train("lstm_training", 23, 4, 0.5, () -> new LSTM(new RNNOptions(4, 6).numLayers(2)));
    }

    @Test
    void gruTrainingStepsWithDropoutBetweenLayers() {
        train("gru_training_dropout", 24, 4, 0.5, () -> new GRU(new RNNOptions(4, 5).numLayers(2).dropout(0.3).batchFirst(true)));
    }

    /** The README's example, as written there. */
    @Test
    void readmeExampleTrainsAStep() {
        Tensor y = Torch.tensor(new long[] {0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0});
        Tensor x2 = Torch.randn(16, 5, 8);
        Torch.manual_seed(0);
        LSTM lstm = new LSTM(new RNNOptions(8, 32).numLayers(2).batchFirst(true).dropout(0.1));
        Linear head = new Linear(32, 3);
        Tensor x = Torch.randn(16, 20, 8);                          // [batch, time, features]
        LSTMOutput out = lstm.forward(x, null, null);                // h_0, c_0 zeros
        Tensor logits = head.forward(out.hN().select(0, 1));         // the top layer's last h, [16, 32]
        Tensor loss = Torch.cross_entropy_loss(logits, y, null, 1, -100, 0.0);
        loss.backward();
        LSTMOutput next = lstm.forward(x2, out.state());             // carry (h_n, c_n) on (detach() to cut the graph)
        assertArrayEquals(new long[] {16, 5, 32}, next.output().sizes());
        assertArrayEquals(new long[] {128, 8}, lstm.namedParameters().get("weight_ih_l0").grad().sizes());
    }

    @Test
    void pytorchsRefusals() {
        LSTM lstm = new LSTM(new RNNOptions(4, 3).numLayers(2));
        assertEquals("input.size(-1) must be equal to input_size. Expected 4, got 5", assertThrows(
                IllegalArgumentException.class, () -> lstm.forward(Torch.zeros(3, 2, 5))).getMessage());
        assertEquals("input must have 3 dimensions, got 5", assertThrows(IllegalArgumentException.class,
                () -> lstm.forward(Torch.zeros(3, 2, 4, 1))).getMessage());
        assertEquals("Expected hidden[0] size (2, 2, 3), got [2, 1, 3]", assertThrows(IllegalArgumentException.class,
                () -> lstm.forward(Torch.zeros(3, 2, 4), Torch.zeros(2, 1, 3), Torch.zeros(2, 2, 3))).getMessage());
        assertEquals("Expected hidden[1] size (2, 2, 3), got [2, 2, 4]", assertThrows(IllegalArgumentException.class,
                () -> lstm.forward(Torch.zeros(3, 2, 4), Torch.zeros(2, 2, 3), Torch.zeros(2, 2, 4))).getMessage());
        assertEquals("For unbatched 2-D input, hx and cx should also be 2-D but got (3-D, 2-D) tensors", assertThrows(
                IllegalArgumentException.class, () -> lstm.forward(Torch.zeros(3, 4), Torch.zeros(2, 1, 3),
                        Torch.zeros(2, 3))).getMessage());
        GRU gru = new GRU(4, 3);
        assertEquals("Expected hidden size (1, 2, 3), got [1, 3, 3]", assertThrows(IllegalArgumentException.class,
                () -> gru.forward(Torch.zeros(3, 2, 4), Torch.zeros(1, 3, 3))).getMessage());
        assertEquals("For batched 3-D input, hx should also be 3-D but got 2-D tensor", assertThrows(
                IllegalArgumentException.class, () -> gru.forward(Torch.zeros(3, 2, 4), Torch.zeros(1, 3))).getMessage());
        assertEquals("proj_size has to be smaller than hidden_size", assertThrows(IllegalArgumentException.class,
                () -> new LSTM(new RNNOptions(4, 3).projSize(3))).getMessage());
        assertEquals("proj_size argument is only supported for LSTM, not RNN or GRU", assertThrows(
                IllegalArgumentException.class, () -> new GRU(new RNNOptions(4, 3).projSize(2))).getMessage());
        assertEquals("Unknown nonlinearity 'sigmoid'", assertThrows(IllegalArgumentException.class,
                () -> new RNN(new RNNOptions(4, 3).nonlinearity("sigmoid"))).getMessage());
        assertEquals("dropout should be a number in range [0, 1] representing the probability of an element being zeroed",
                assertThrows(IllegalArgumentException.class, () -> new RNN(new RNNOptions(4, 3).dropout(1.5))).getMessage());
        assertEquals("LSTMCell: Expected input to be 1-D or 2-D but received 3-D tensor", assertThrows(
                IllegalArgumentException.class, () -> new LSTMCell(4, 3).forward(Torch.zeros(1, 2, 4))).getMessage());
    }

    @Test
    void parameterNamesArepytorchs() {
        LSTM lstm = new LSTM(new RNNOptions(4, 5).numLayers(2).bidirectional(true).projSize(2));
        assertEquals(List.of("weight_ih_l0", "weight_hh_l0", "bias_ih_l0", "bias_hh_l0", "weight_hr_l0",
                "weight_ih_l0_reverse", "weight_hh_l0_reverse", "bias_ih_l0_reverse", "bias_hh_l0_reverse",
                "weight_hr_l0_reverse", "weight_ih_l1", "weight_hh_l1", "bias_ih_l1", "bias_hh_l1", "weight_hr_l1",
                "weight_ih_l1_reverse", "weight_hh_l1_reverse", "bias_ih_l1_reverse", "bias_hh_l1_reverse",
                "weight_hr_l1_reverse"), new ArrayList<>(lstm.namedParameters().keySet()));
        assertArrayEquals(new long[] {20, 4}, lstm.namedParameters().get("weight_ih_l1").sizes());
        assertEquals(List.of("weight_ih", "weight_hh"), new ArrayList<>(new GRUCell(3, 2, false,
                org.jitdispatch.runtime.ScalarType.Float32, null).namedParameters().keySet()));
    }

    private interface Forward {
        List<Tensor> apply(Module m, Map<String, Tensor> inputs);
    }

    private static void check(String name, long seed, Supplier<Module> make, Forward forward) {
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(seed);
        Module module = make.get();
        assertInitialState(name, ref, module);
        Map<String, Tensor> inputs = new java.util.LinkedHashMap<>();
        for (Map.Entry<String, Tensor> e : ref.entrySet()) {
            if (e.getKey().startsWith("in.")) {
                inputs.put(e.getKey().substring(3), e.getValue().requiresGrad_(true));
            }
        }
        List<Tensor> results = forward.apply(module, inputs);
        Tensor[] parts = new Tensor[results.size()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = results.get(i).reshape(-1);
        }
        Tensor y = Torch.cat(parts, 0);
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

    private static void train(String name, long seed, int steps, double lr, Supplier<Module> make) {
        Map<String, Tensor> ref = StateDicts.load(resource(name));
        Torch.manual_seed(seed);
        Module module = make.get();
        assertInitialState(name, ref, module);
        SGD optimizer = new SGD(module.parameters(), lr);
        MSELoss mse = new MSELoss();
        float[] losses = new float[steps];
        for (int step = 0; step < steps; step++) {
            optimizer.zeroGrad();
            Tensor loss = mse.forward(module.forward(ref.get("x")), ref.get("target"));
            loss.backward();
            optimizer.step();
            losses[step] = (float) loss.item().toDouble();
        }
        assertArrayEquals(ref.get("losses").toFloatArray(), losses, 1e-5f, name + ": losses");
        for (Map.Entry<String, Tensor> e : module.stateDict().entrySet()) {
            assertArrayEquals(ref.get("after." + e.getKey()).toFloatArray(), e.getValue().toFloatArray(), 1e-5f,
                    name + ": " + e.getKey() + " after training");
        }
    }

    private static void assertInitialState(String name, Map<String, Tensor> ref, Module module) {
        assertEquals(ref.keySet().stream().filter(k -> k.startsWith("init.")).count(), module.stateDict().size(),
                name + ": state dict entries");
        for (Map.Entry<String, Tensor> e : module.stateDict().entrySet()) {
            assertArrayEquals(ref.get("init." + e.getKey()).toFloatArray(), e.getValue().toFloatArray(),
                    name + ": initial " + e.getKey());
        }
    }

    private static Path resource(String name) {
        try {
            return Paths.get(RecurrentModulesGoldenTest.class.getResource("/nn/" + name + ".safetensors").toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
