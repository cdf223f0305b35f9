package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;

/**
 * Adamax, NAdam, RAdam, Adadelta, Rprop, ASGD and the {@code maximize} flags against PyTorch 1.13
 * (src/test/resources/optim/optimizers.json, made by src/test/python/make_optim_more_golden.py with PyTorch's
 * default dtype, float32, for its scalar state): the parameters after every step, float64 and float32.
 */
class OptimizerTrajectoriesGoldenTest {
    private static final JsonNode GOLDEN = Golden.load("/optim/optimizers.json");
    /** The most a parameter may differ from PyTorch's, in ulps at the parameters' scale (see Golden.assertClose). */
    static final int MAX_ULPS = 4;

    /** Every case by name; also the optimizers that OptimizerStateDictTest saves and restores. */
    static final Map<String, Function<List<Tensor>, Optimizer>> OPTIMIZERS = new LinkedHashMap<>();

    static {
        OPTIMIZERS.put("adamax", ps -> new Adamax(ps, 0.1, 0.9, 0.999, 1e-8, 0, false));
        OPTIMIZERS.put("adamax betas eps weight_decay maximize", ps -> new Adamax(ps, 0.05, 0.8, 0.99, 1e-6, 0.1, true));
        OPTIMIZERS.put("adamax float32", ps -> new Adamax(ps, 0.1, 0.9, 0.999, 1e-8, 0.1, false));
        OPTIMIZERS.put("nadam", ps -> new NAdam(ps, 0.1, 0.9, 0.999, 1e-8, 0, 4e-3));
        OPTIMIZERS.put("nadam betas weight_decay momentum_decay", ps -> new NAdam(ps, 0.05, 0.8, 0.99, 1e-6, 0.1, 0.01));
        OPTIMIZERS.put("nadam float32", ps -> new NAdam(ps, 0.1, 0.9, 0.999, 1e-8, 0.1, 4e-3));
        OPTIMIZERS.put("radam", ps -> new RAdam(ps, 0.1, 0.9, 0.999, 1e-8, 0));
        OPTIMIZERS.put("radam betas weight_decay", ps -> new RAdam(ps, 0.05, 0.8, 0.9, 1e-6, 0.1));
        OPTIMIZERS.put("radam float32", ps -> new RAdam(ps, 0.1, 0.8, 0.9, 1e-8, 0));
        OPTIMIZERS.put("adadelta", Adadelta::new);
        OPTIMIZERS.put("adadelta rho eps weight_decay maximize", ps -> new Adadelta(ps, 0.5, 0.8, 1e-4, 0.1, true));
        OPTIMIZERS.put("adadelta float32", ps -> new Adadelta(ps, 0.5, 0.9, 1e-6, 0.1, false));
        OPTIMIZERS.put("rprop", ps -> new Rprop(ps, 0.1, 0.5, 1.2, 1e-6, 50, false));
        OPTIMIZERS.put("rprop etas step_sizes maximize", ps -> new Rprop(ps, 0.05, 0.3, 1.5, 0.01, 0.1, true));
        OPTIMIZERS.put("rprop float32", ps -> new Rprop(ps, 0.1, 0.5, 1.2, 1e-6, 50, false));
        OPTIMIZERS.put("asgd", ps -> new ASGD(ps, 0.1, 1e-4, 0.75, 1e6, 0, false));
        OPTIMIZERS.put("asgd lambd alpha t0 weight_decay maximize", ps -> new ASGD(ps, 0.05, 0.01, 0.5, 3, 0.1, true));
        OPTIMIZERS.put("asgd float32", ps -> new ASGD(ps, 0.1, 1e-4, 0.75, 2, 0, false));
        OPTIMIZERS.put("sgd momentum weight_decay maximize", ps -> new SGD(ps, 0.1, 0.9, 0, 0.1, false, true));
        OPTIMIZERS.put("sgd nesterov maximize", ps -> new SGD(ps, 0.1, 0.9, 0, 0, true, true));
        OPTIMIZERS.put("adam amsgrad weight_decay maximize",
                ps -> new Adam(ps, 0.1, 0.9, 0.999, 1e-8, 0.1, false, true, true));
        OPTIMIZERS.put("adamw maximize", ps -> new AdamW(ps, 0.1, 0.9, 0.999, 1e-8, 0.01, false, true));
        OPTIMIZERS.put("rmsprop centered momentum weight_decay maximize",
                ps -> new RMSprop(ps, 0.02, 0.9, 1e-8, 0.1, 0.5, true, true));
        OPTIMIZERS.put("adagrad weight_decay maximize", ps -> new Adagrad(ps, 0.1, 0, 0.1, 0, 1e-10, true));
    }

    @Test
    void everyCaseHasAnOptimizer() {
        assertEquals(OPTIMIZERS.size(), GOLDEN.get("optimizers").size());
    }

    @Test
    void optimizersFollowPyTorchsUpdateRules() {
        for (JsonNode c : GOLDEN.get("optimizers")) {
            String name = c.get("name").asText();
            ScalarType dtype = name.contains("float32") ? ScalarType.Float32 : ScalarType.Float64;
            List<Tensor> ps = Golden.params(dtype);
            Optimizer opt = OPTIMIZERS.get(name).apply(ps);
            JsonNode trajectory = c.get("trajectory");
            for (int step = 0; step < trajectory.size(); step++) {
                Golden.setGradients(ps, step);
                opt.step();
                for (int k = 0; k < ps.size(); k++) {
                    Golden.assertClose(Golden.doubles(trajectory.get(step).get(k)), ps.get(k), MAX_ULPS,
                            name + ", step " + (step + 1) + ", parameter " + k);
                }
            }
        }
    }

    /** After the first step every state tensor stays the same object: later steps write into it. */
    @Test
    void laterStepsWriteIntoTheStateOfTheFirst() {
        for (Map.Entry<String, Function<List<Tensor>, Optimizer>> c : OPTIMIZERS.entrySet()) {
            List<Tensor> ps = Golden.params(ScalarType.Float64);
            Optimizer opt = c.getValue().apply(ps);
            Golden.setGradients(ps, 0);
            opt.step();
            Map<String, Tensor> first = new LinkedHashMap<>(opt.stateDict());
            first.keySet().removeIf(k -> !k.startsWith("state."));
            for (int step = 1; step < 4; step++) {
                Golden.setGradients(ps, step);
                opt.step();
            }
            Map<String, Tensor> later = opt.stateDict();
            for (Map.Entry<String, Tensor> e : first.entrySet()) {
                assertSame(e.getValue(), later.get(e.getKey()), c.getKey() + ": " + e.getKey());
            }
        }
    }
}
