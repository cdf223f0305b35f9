package org.example.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.nn.Sequential;
import org.junit.jupiter.api.Test;

/**
 * The CNN against PyTorch 1.13's run of the same script (src/test/python/make_cnn.py): the same data and
 * initial weights, every step's loss within 1e-3 (absolute, or relative above 1), and the final state,
 * batch norm's running statistics included, within 1e-3. Convolutions sum in another order than PyTorch's
 * oneDNN kernels, and 50 steps of momentum SGD carry those float32 differences along.
 */
class CnnTest {
    private static final PyTorchRun RUN = new PyTorchRun("cnn");

    @Test
    void seededDataAndInitialWeightsArePyTorchsOwn() {
        Map<String, Tensor> data = RUN.tensors("data");
        Tensor[] ours = Cnn.data();
        assertArrayEquals(data.get("y").toLongArray(), ours[1].toLongArray());
        assertArrayEquals(data.get("x").toFloatArray(), ours[0].toFloatArray(), 1e-6f);
        RUN.assertInitialState(Cnn.model().stateDict());
    }

    @Test
    void trainingFollowsPyTorchsLossCurveAndEndsAtItsState() {
        Map<String, Tensor> data = RUN.tensors("data");
        Sequential net = Cnn.model();
        net.loadStateDict(RUN.tensors("initial"));
        List<Double> losses = Cnn.train(net, Cnn.optimizer(net.parameters()), data.get("x"), data.get("y"));
        PyTorchRun.assertLosses(RUN.losses(null), losses, 1e-3);
        Map<String, Tensor> finalState = RUN.tensors("final");
        for (Map.Entry<String, Tensor> e : net.stateDict().entrySet()) {
            assertArrayEquals(finalState.get(e.getKey()).toDoubleArray(), e.getValue().toDoubleArray(), 1e-3, e.getKey());
        }
    }
}
