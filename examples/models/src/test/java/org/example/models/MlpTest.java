package org.example.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.nn.Sequential;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The MLP against PyTorch 1.13's run of the same script (src/test/python/make_mlp.py): the same data and
 * initial weights, every step's loss within 1e-4 relative, and the final weights within 1e-4 absolute
 * (float32 sums in another order drift apart by a few ulps a step; 60 steps of Nesterov SGD and AdamW
 * stay well inside that).
 */
class MlpTest {
    private static final PyTorchRun RUN = new PyTorchRun("mlp");

    @Test
    void seededDataAndInitialWeightsArePyTorchsOwn() {
        Map<String, Tensor> data = RUN.tensors("data");
        Tensor[] ours = Mlp.data();
        assertArrayEquals(data.get("x").toFloatArray(), ours[0].toFloatArray(), "randn(96, 8) after manual_seed(0)");
        assertArrayEquals(data.get("y").toLongArray(), ours[1].toLongArray());
        RUN.assertInitialState(Mlp.model().stateDict()); // drawn right after the data, as in the script
    }

    @ParameterizedTest
    @ValueSource(strings = {"sgd", "adamw"})
    void trainingFollowsPyTorchsLossCurveAndEndsAtItsWeights(String optimizer) {
        Map<String, Tensor> data = RUN.tensors("data");
        Sequential net = Mlp.model();
        net.loadStateDict(RUN.tensors("initial"));
        List<Double> losses = Mlp.train(net, Mlp.optimizer(optimizer, net.parameters()), data.get("x"), data.get("y"));
        PyTorchRun.assertLosses(RUN.losses(optimizer), losses, 1e-4);
        Map<String, Tensor> finalWeights = RUN.tensors("final-" + optimizer);
        for (Map.Entry<String, Tensor> e : net.stateDict().entrySet()) {
            assertArrayEquals(finalWeights.get(e.getKey()).toFloatArray(), e.getValue().toFloatArray(), 1e-4f, e.getKey());
        }
    }
}
