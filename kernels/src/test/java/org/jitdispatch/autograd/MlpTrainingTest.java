package org.jitdispatch.autograd;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.InputStream;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.junit.jupiter.api.Test;

/** A small MLP trained with SGD follows PyTorch's loss curve (autograd/mlp_sgd.json, from real PyTorch). */
class MlpTrainingTest {
    /** The same closed-form values as make_mlp_golden.py. */
    private static float[] values(int n, double scale, double phase) {
        float[] v = new float[n];
        for (int i = 0; i < n; i++) {
            v[i] = (float) (scale * Math.sin(0.37 * i + phase));
        }
        return v;
    }

    @Test
    void lossCurveMatchesPyTorch() throws Exception {
        JsonNode golden;
        try (InputStream in = getClass().getResourceAsStream("/autograd/mlp_sgd.json")) {
            golden = new ObjectMapper().readTree(in);
        }
        int batch = golden.get("batch").asInt();
        int features = golden.get("features").asInt();
        int hidden = golden.get("hidden").asInt();
        double lr = golden.get("lr").asDouble();
        Tensor x = Torch.tensor(values(batch * features, 1.0, 0.1), batch, features);
        Tensor y = Torch.tensor(values(batch, 0.5, 0.7), batch, 1);
        Tensor w1 = Torch.tensor(values(features * hidden, 0.5, 0.3), features, hidden).requiresGrad_(true);
        Tensor b1 = Torch.tensor(values(hidden, 0.1, 0.9)).requiresGrad_(true);
        Tensor w2 = Torch.tensor(values(hidden, 0.5, 1.3), hidden, 1).requiresGrad_(true);
        Tensor b2 = Torch.tensor(values(1, 0.1, 1.7)).requiresGrad_(true);
        JsonNode losses = golden.get("losses");
        for (int step = 0; step < losses.size(); step++) {
            Tensor out = Torch.relu(x.mm(w1).add(b1)).mm(w2).add(b2);
            Tensor loss = out.sub(y).pow(Scalar.of(2)).mean();
            assertEquals(losses.get(step).asDouble(), loss.item().toDouble(), 1e-6, "loss at step " + step);
            loss.backward();
            try (NoGrad g = NoGrad.enter()) {
                for (Tensor p : new Tensor[] {w1, b1, w2, b2}) {
                    p.sub_(p.grad().mul(Scalar.of(lr)));
                    Autograd.setGrad(p, null);
                }
            }
        }
    }
}
