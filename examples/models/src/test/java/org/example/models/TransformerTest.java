package org.example.models;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;

import org.junit.jupiter.api.Test;

/**
 * The transformer against PyTorch 1.13's run of the same script (src/test/python/make_transformer.py): the same
 * data and initial weights (token and position embeddings, attention, feed-forward, layer norms, head), every
 * step's loss within 1e-3 (absolute, or relative above 1), and the final weights within 1e-3 after 60 AdamW
 * steps (all but the attention's key bias, whose gradient is zero up to rounding).
 */
class TransformerTest {
    private static final PyTorchRun RUN = new PyTorchRun("transformer");

    @Test
    void seededDataAndInitialWeightsArePyTorchsOwn() {
        Map<String, Tensor> data = RUN.tensors("data");
        Tensor[] ours = Transformer.data();
        assertArrayEquals(data.get("y").toLongArray(), ours[1].toLongArray());
        assertArrayEquals(data.get("x").toLongArray(), ours[0].toLongArray());
        RUN.assertInitialState(new Transformer().stateDict());
    }

    @Test
    void trainingFollowsPyTorchsLossCurveAndEndsAtItsState() {
        Map<String, Tensor> data = RUN.tensors("data");
        Transformer net = new Transformer();
        net.loadStateDict(RUN.tensors("initial"));
        List<Double> losses = Transformer.train(net, Transformer.optimizer(net.parameters()), data.get("x"),
                data.get("y"));
        PyTorchRun.assertLosses(RUN.losses(null), losses, 1e-3);
        Map<String, Tensor> finalState = RUN.tensors("final");
        for (Map.Entry<String, Tensor> e : net.stateDict().entrySet()) {
            double[] want = finalState.get(e.getKey()).toDoubleArray();
            double[] got = e.getValue().toDoubleArray();
            if (e.getKey().equals("encoder.self_attn.in_proj_bias")) {
                // The key bias adds the same amount to every score of a query, which softmax cancels: its
                // gradient is rounding noise on both sides, which AdamW scales up to full steps. Only the query
                // and value biases [0, 16) and [32, 48) are compared.
                want = concat(Arrays.copyOfRange(want, 0, 16), Arrays.copyOfRange(want, 32, 48));
                got = concat(Arrays.copyOfRange(got, 0, 16), Arrays.copyOfRange(got, 32, 48));
            }
            assertArrayEquals(want, got, 1e-3, e.getKey());
        }
    }

    private static double[] concat(double[] a, double[] b) {
        double[] out = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
