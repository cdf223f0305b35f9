package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.Autograd;
import org.junit.jupiter.api.Test;

/**
 * RMSprop, Adagrad, the learning-rate schedulers and gradient clipping against PyTorch 1.13
 * (src/test/resources/optim/optim.json, made by src/test/python/make_optim_golden.py): the same parameters, the
 * same gradients, the parameters after every step, the rate of every epoch, the clipped gradients.
 */
class OptimGoldenTest {
    private static final JsonNode GOLDEN = load();

    private static JsonNode load() {
        try (InputStream in = OptimGoldenTest.class.getResourceAsStream("/optim/optim.json")) {
            return new ObjectMapper().readTree(in);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Tensor> params() {
        Tensor a = Torch.tensor(new double[] {0.5, -1.0, 2.0, 0.25, 1.5, -0.75}, 2, 3);
        Tensor b = Torch.tensor(new double[] {0.1, -0.2, 0.3}, 3);
        a.requiresGrad_(true);
        b.requiresGrad_(true);
        return List.of(a, b);
    }

    /** The gradient make_optim_golden.py gives parameter {@code k} at {@code step}. */
    private static Tensor gradient(int step, long[] shape, int phase) {
        int n = (int) (shape.length == 1 ? shape[0] : shape[0] * shape[1]);
        double[] g = new double[n];
        for (int i = 0; i < n; i++) {
            g[i] = Math.sin(0.7 * step + 0.3 * i + phase) * (1 + 0.1 * i);
        }
        return Torch.tensor(g, shape);
    }

    private static final Map<String, Function<List<Tensor>, Optimizer>> OPTIMIZERS = Map.of(
            "rmsprop", ps -> new RMSprop(ps, 0.01),
            "rmsprop centered momentum weight_decay", ps -> new RMSprop(ps, 0.02, 0.9, 1e-6, 0.1, 0.5, true),
            "adagrad", ps -> new Adagrad(ps, 0.1),
            "adagrad lr_decay weight_decay initial_accumulator", ps -> new Adagrad(ps, 0.1, 0.05, 0.2, 0.3, 1e-8),
            "adam", ps -> new Adam(ps, 0.1),
            "adam betas eps weight_decay", ps -> new Adam(ps, 0.05, 0.8, 0.99, 1e-6, 0.1, false),
            "adam amsgrad", ps -> new Adam(ps, 0.1, 0.9, 0.999, 1e-8, 0, false, true),
            "adam amsgrad weight_decay", ps -> new Adam(ps, 0.1, 0.9, 0.999, 1e-8, 0.1, false, true),
            "adamw", ps -> new AdamW(ps, 0.1),
            "adamw amsgrad weight_decay", ps -> new AdamW(ps, 0.1, 0.85, 0.995, 1e-8, 0.2, true));

    @Test
    void optimizersFollowPyTorchsUpdateRules() {
        for (JsonNode c : GOLDEN.get("optimizers")) {
            String name = c.get("name").asText();
            List<Tensor> ps = params();
            Optimizer opt = OPTIMIZERS.get(name).apply(ps);
            JsonNode trajectory = c.get("trajectory");
            for (int step = 0; step < trajectory.size(); step++) {
                for (int k = 0; k < ps.size(); k++) {
                    Autograd.setGrad(ps.get(k), gradient(step, ps.get(k).sizes(), k));
                }
                opt.step();
                for (int k = 0; k < ps.size(); k++) {
                    assertArrayEquals(doubles(trajectory.get(step).get(k)), ps.get(k).toDoubleArray(), 1e-12,
                            name + ", step " + (step + 1) + ", parameter " + k);
                }
            }
        }
    }

    private static final Map<String, Function<Optimizer, LRScheduler>> SCHEDULERS = Map.of(
            "step 4 0.5", o -> new StepLR(o, 4, 0.5),
            "multistep 3 7 7 0.1", o -> new MultiStepLR(o, new int[] {3, 7, 7}, 0.1),
            "exponential 0.9", o -> new ExponentialLR(o, 0.9),
            "cosine 10", o -> new CosineAnnealingLR(o, 10),
            "cosine 6 eta_min 0.05", o -> new CosineAnnealingLR(o, 6, 0.05));

    @Test
    void schedulersGivePyTorchsRatesToTheLastBit() {
        for (JsonNode c : GOLDEN.get("schedulers")) {
            String name = c.get("name").asText();
            Optimizer opt = new SGD(params(), 0.5);
            LRScheduler sched = SCHEDULERS.get(name).apply(opt);
            double[] want = doubles(c.get("lrs"));
            assertEquals(want[0], sched.lastLr(), 0, name + ", epoch 0");
            for (int epoch = 1; epoch < want.length; epoch++) {
                opt.step();
                sched.step();
                assertEquals(want[epoch], sched.lastLr(), 0, name + ", epoch " + epoch);
            }
        }
    }

    @Test
    void clipGradNormScalesEveryGradientByOneFactor() {
        for (JsonNode c : GOLDEN.get("clipping")) {
            List<Tensor> ps = params();
            for (int k = 0; k < ps.size(); k++) {
                Autograd.setGrad(ps.get(k), gradient(3, ps.get(k).sizes(), k).mul(org.jitdispatch.runtime.Scalar.of(2)));
            }
            Tensor total = GradClipping.clipGradNorm_(ps, c.get("max_norm").asDouble(), normType(c.get("norm_type")));
            String name = c.get("name").asText();
            assertEquals(c.get("total").asDouble(), total.item().toDouble(), 1e-12, name);
            for (int k = 0; k < ps.size(); k++) {
                assertArrayEquals(doubles(c.get("grads").get(k)), ps.get(k).grad().toDoubleArray(), 1e-12, name);
            }
        }
    }

    @Test
    void clipGradValueClampsEveryElement() {
        List<Tensor> ps = params();
        Autograd.setGrad(ps.get(0), Torch.tensor(new double[] {-3, -0.5, 0, 0.25, 2, 9}, 2, 3));
        GradClipping.clipGradValue_(ps, 1.0);
        assertArrayEquals(new double[] {-1, -0.5, 0, 0.25, 1, 1}, ps.get(0).grad().toDoubleArray(), 0);
    }

    @Test
    void badSettingsAreRefusedWithPyTorchsMessages() {
        assertEquals("Invalid learning rate: -1.0",
                assertThrows(IllegalArgumentException.class, () -> new RMSprop(params(), -1)).getMessage());
        assertEquals("Invalid alpha value: -0.5", assertThrows(IllegalArgumentException.class,
                () -> new RMSprop(params(), 0.1, -0.5, 1e-8, 0, 0, false)).getMessage());
        assertEquals("Invalid lr_decay value: -1.0", assertThrows(IllegalArgumentException.class,
                () -> new Adagrad(params(), 0.1, -1, 0, 0, 1e-10)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> new StepLR(new SGD(params(), 0.1), 0));
    }

    private static double normType(JsonNode v) {
        return v.isTextual() || v.isNumber() && Double.isInfinite(v.asDouble()) ? Double.POSITIVE_INFINITY : v.asDouble();
    }

    private static double[] doubles(JsonNode array) {
        double[] out = new double[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).asDouble();
        }
        return out;
    }
}
