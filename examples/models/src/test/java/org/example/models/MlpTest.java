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
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * The MLP against PyTorch 1.13's run of the same script (src/test/python/make_mlp.py): the same data and
 * initial weights, every step's loss within 1e-4 relative, and the final weights within 1e-4 absolute
 * (float32 sums in another order drift apart by a few ulps a step; 60 steps of Nesterov SGD and AdamW
 * stay well inside that).
 */
class MlpTest {
    private static final Path DIR = resource("mlp");

    private static Path resource(String name) {
        try {
            return Paths.get(MlpTest.class.getResource("/" + name).toURI());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void seededDataAndInitialWeightsArePyTorchsOwn() {
        Map<String, Tensor> data = StateDicts.load(DIR.resolve("data.safetensors"));
        Tensor[] ours = Mlp.data();
        assertArrayEquals(data.get("x").toFloatArray(), ours[0].toFloatArray(), "randn(96, 8) after manual_seed(0)");
        assertArrayEquals(data.get("y").toLongArray(), ours[1].toLongArray());
        Map<String, Tensor> initial = StateDicts.load(DIR.resolve("initial.safetensors"));
        Map<String, Tensor> state = Mlp.model().stateDict(); // drawn right after the data, as in the script
        assertEquals(initial.keySet(), state.keySet());
        for (String key : initial.keySet()) {
            assertArrayEquals(initial.get(key).toFloatArray(), state.get(key).toFloatArray(), key);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"sgd", "adamw"})
    void trainingFollowsPyTorchsLossCurveAndEndsAtItsWeights(String optimizer) throws Exception {
        Map<String, Tensor> data = StateDicts.load(DIR.resolve("data.safetensors"));
        Sequential net = Mlp.model();
        net.loadStateDict(StateDicts.load(DIR.resolve("initial.safetensors")));
        List<Double> losses = Mlp.train(net, Mlp.optimizer(optimizer, net.parameters()), data.get("x"), data.get("y"));

        JsonNode expected = new ObjectMapper().readTree(DIR.resolve("losses.json").toFile()).get("losses").get(optimizer);
        assertEquals(expected.size(), losses.size());
        for (int i = 0; i < losses.size(); i++) {
            double want = expected.get(i).asDouble();
            assertTrue(Math.abs(losses.get(i) - want) <= 1e-4 * Math.max(1, Math.abs(want)),
                    "step " + (i + 1) + ": loss " + losses.get(i) + ", PyTorch " + want);
        }
        Map<String, Tensor> finalWeights = StateDicts.load(DIR.resolve("final-" + optimizer + ".safetensors"));
        for (Map.Entry<String, Tensor> e : net.stateDict().entrySet()) {
            assertArrayEquals(finalWeights.get(e.getKey()).toFloatArray(), e.getValue().toFloatArray(), 1e-4f, e.getKey());
        }
    }
}
