package org.example.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.nn.Sequential;
import org.jitdispatch.nn.StateDicts;
import org.junit.jupiter.api.Test;

/**
 * The CNN against PyTorch 1.13's run of the same script (src/test/python/make_cnn.py): the same data and
 * initial weights, every step's loss within 1e-3 (absolute, or relative above 1), and the final state,
 * batch norm's running statistics included, within 1e-3. Convolutions sum in another order than PyTorch's
 * oneDNN kernels, and 50 steps of momentum SGD carry those float32 differences along.
 */
class CnnTest {
    private static final Path DIR = resource("cnn");

    private static Path resource(String name) {
        try {
            return Paths.get(CnnTest.class.getResource("/" + name).toURI());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void seededDataAndInitialWeightsArePyTorchsOwn() {
        Map<String, Tensor> data = StateDicts.load(DIR.resolve("data.safetensors"));
        Tensor[] ours = Cnn.data();
        assertArrayEquals(data.get("y").toLongArray(), ours[1].toLongArray());
        assertArrayEquals(data.get("x").toFloatArray(), ours[0].toFloatArray(), 1e-6f);
        Map<String, Tensor> initial = StateDicts.load(DIR.resolve("initial.safetensors"));
        Map<String, Tensor> state = Cnn.model().stateDict();
        assertEquals(initial.keySet(), state.keySet());
        for (String key : initial.keySet()) {
            assertArrayEquals(initial.get(key).toDoubleArray(), state.get(key).toDoubleArray(), key);
        }
    }

    @Test
    void trainingFollowsPyTorchsLossCurveAndEndsAtItsState() throws Exception {
        Map<String, Tensor> data = StateDicts.load(DIR.resolve("data.safetensors"));
        Sequential net = Cnn.model();
        net.loadStateDict(StateDicts.load(DIR.resolve("initial.safetensors")));
        List<Double> losses = Cnn.train(net, Cnn.optimizer(net.parameters()), data.get("x"), data.get("y"));
        JsonNode expected = new ObjectMapper().readTree(DIR.resolve("losses.json").toFile()).get("losses");
        assertEquals(expected.size(), losses.size());
        for (int i = 0; i < losses.size(); i++) {
            double want = expected.get(i).asDouble();
            assertTrue(Math.abs(losses.get(i) - want) <= 1e-3 * Math.max(1, Math.abs(want)),
                    "step " + (i + 1) + ": loss " + losses.get(i) + ", PyTorch " + want);
        }
        Map<String, Tensor> finalState = StateDicts.load(DIR.resolve("final.safetensors"));
        for (Map.Entry<String, Tensor> e : net.stateDict().entrySet()) {
            assertArrayEquals(finalState.get(e.getKey()).toDoubleArray(), e.getValue().toDoubleArray(), 1e-3, e.getKey());
        }
    }
}
