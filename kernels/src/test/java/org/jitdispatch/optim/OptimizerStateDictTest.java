package org.jitdispatch.optim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import org.jitdispatch.Tensor;
import org.jitdispatch.nn.StateDicts;
import org.jitdispatch.runtime.ScalarType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Optimizer.stateDict / loadStateDict: a checkpoint written with StateDicts and restored into a fresh optimizer
 * continues exactly as the uninterrupted run; the keys and dtypes are PyTorch 1.13's flattened (checked against
 * the state_dict() of PyTorch's optimizers in optimizers.json); wrong checkpoints are refused and change nothing.
 */
class OptimizerStateDictTest {
    private static final int STEPS = 10;
    private static final int SAVED_AT = 5;

    @TempDir
    Path dir;

    private static void train(Optimizer opt, List<Tensor> ps, int from, int to, LRScheduler sched) {
        for (int step = from; step < to; step++) {
            Golden.setGradients(ps, step);
            opt.step();
            if (sched != null) {
                sched.step();
            }
        }
    }

    private static List<Tensor> copies(List<Tensor> ps) {
        List<Tensor> out = new ArrayList<>();
        for (Tensor p : ps) {
            out.add(p.detach().clone().requiresGrad_(true));
        }
        return out;
    }

    private static void assertSameBits(List<Tensor> expected, List<Tensor> actual, String what) {
        for (int k = 0; k < expected.size(); k++) {
            double[] e = expected.get(k).toDoubleArray();
            double[] a = actual.get(k).toDoubleArray();
            for (int i = 0; i < e.length; i++) {
                assertEquals(Double.doubleToRawLongBits(e[i]), Double.doubleToRawLongBits(a[i]),
                        what + ", parameter " + k + ", element " + i + ": " + e[i] + " vs " + a[i]);
            }
        }
    }

    @Test
    void aRestoredOptimizerContinuesAsTheUninterruptedOne() {
        for (Map.Entry<String, Function<List<Tensor>, Optimizer>> c : OptimizerTrajectoriesGoldenTest.OPTIMIZERS
                .entrySet()) {
            String name = c.getKey();
            ScalarType dtype = name.contains("float32") ? ScalarType.Float32 : ScalarType.Float64;
            List<Tensor> whole = Golden.params(dtype);
            train(c.getValue().apply(whole), whole, 0, STEPS, null);

            List<Tensor> first = Golden.params(dtype);
            Optimizer before = c.getValue().apply(first);
            train(before, first, 0, SAVED_AT, null);
            Path file = dir.resolve("optimizer.safetensors");
            StateDicts.save(before.stateDict(), file);

            List<Tensor> resumed = copies(first);
            Optimizer after = c.getValue().apply(resumed);
            after.loadStateDict(StateDicts.load(file));
            train(after, resumed, SAVED_AT, STEPS, null);
            assertSameBits(whole, resumed, name);
        }
    }

    @Test
    void theRateAndTheScheduledMomentumAreRestored() {
        Function<List<Tensor>, Optimizer> make = ps -> new SGD(ps, 0.5, 0.9, 0, 0.01, false);
        List<Tensor> whole = Golden.params(ScalarType.Float64);
        Optimizer wholeOpt = make.apply(whole);
        train(wholeOpt, whole, 0, STEPS, new ExponentialLR(wholeOpt, 0.8));

        List<Tensor> first = Golden.params(ScalarType.Float64);
        Optimizer before = make.apply(first);
        train(before, first, 0, SAVED_AT, new ExponentialLR(before, 0.8));
        Map<String, Tensor> saved = before.stateDict();
        assertEquals(0.5, saved.get("param_groups.0.initial_lr").item().toDouble());

        List<Tensor> resumed = copies(first);
        Optimizer after = make.apply(resumed);
        after.loadStateDict(saved);
        assertEquals(before.lr(), after.lr(), 0);
        // a schedule made over the restored optimizer keeps its rate at epoch 0 and goes on from it
        train(after, resumed, SAVED_AT, STEPS, new ExponentialLR(after, 0.8));
        assertSameBits(whole, resumed, "SGD under ExponentialLR");

        Adam adam = new Adam(Golden.params(ScalarType.Float64), 0.1);
        new OneCycleLR(adam, 0.1, 10).step();
        Adam fresh = new Adam(Golden.params(ScalarType.Float64), 0.1);
        fresh.loadStateDict(adam.stateDict());
        assertEquals(adam.beta1(), fresh.beta1(), 0);
        assertEquals(adam.lr(), fresh.lr(), 0);
    }

    @Test
    void aMomentumBufferThatAScheduleTurnedOnIsRestoredIntoAnOptimizerMadeWithout() {
        Function<List<Tensor>, Optimizer> make = ps -> new RMSprop(ps, 0.01);
        Function<Optimizer, LRScheduler> cyclic = o -> new CyclicLR(o, 0.01, 0.1, new CyclicLR.Options().stepSizeUp(3));
        List<Tensor> whole = Golden.params(ScalarType.Float64);
        Optimizer wholeOpt = make.apply(whole);
        LRScheduler wholeSched = cyclic.apply(wholeOpt);
        train(wholeOpt, whole, 0, SAVED_AT, wholeSched);
        Map<String, Tensor> saved = wholeOpt.stateDict();
        assertTrue(saved.containsKey("state.0.momentum_buffer"), saved.keySet().toString());

        List<Tensor> resumed = copies(whole);
        Optimizer after = make.apply(resumed);
        after.loadStateDict(saved);
        assertEquals(((HasMomentum) wholeOpt).momentum(), ((HasMomentum) after).momentum(), 0);
        train(wholeOpt, whole, SAVED_AT, STEPS, null);
        train(after, resumed, SAVED_AT, STEPS, null);
        assertSameBits(whole, resumed, "RMSprop with a cycled momentum");

        // and a checkpoint without the buffer (no momentum) loads into one that has it
        Optimizer plain = make.apply(Golden.params(ScalarType.Float64));
        train(plain, plain.params(), 0, 1, null);
        after.loadStateDict(plain.stateDict());
        assertTrue(after.stateDict().keySet().stream().noneMatch(k -> k.endsWith("momentum_buffer")));
    }

    @Test
    void keysAndDtypesAreThoseOfPyTorchsStateDict() {
        Map<String, Function<List<Tensor>, Optimizer>> made = new LinkedHashMap<>();
        made.put("sgd", ps -> new SGD(ps, 0.1));
        made.put("sgd momentum", ps -> new SGD(ps, 0.1, 0.9, 0, 0, false));
        made.put("adam amsgrad", ps -> new Adam(ps, 0.1, 0.9, 0.999, 1e-8, 0, false, true));
        made.put("adamw", ps -> new AdamW(ps, 0.1));
        made.put("rmsprop centered momentum", ps -> new RMSprop(ps, 0.1, 0.99, 1e-8, 0, 0.5, true));
        made.put("adagrad", ps -> new Adagrad(ps, 0.1));
        made.put("adamax", ps -> new Adamax(ps, 0.1, 0.9, 0.999, 1e-8, 0, false));
        made.put("nadam", ps -> new NAdam(ps, 0.1, 0.9, 0.999, 1e-8, 0, 4e-3));
        made.put("radam", ps -> new RAdam(ps, 0.1, 0.9, 0.999, 1e-8, 0));
        made.put("adadelta", Adadelta::new);
        made.put("rprop", Rprop::new);
        made.put("asgd", ASGD::new);
        // PyTorch's switches for other implementations, which this library does not have
        Set<String> notHere = Set.of("foreach", "differentiable", "capturable", "fused");
        JsonNode golden = Golden.load("/optim/optimizers.json").get("state_dicts");
        assertEquals(made.size(), golden.size());
        for (JsonNode c : golden) {
            String name = c.get("name").asText();
            List<Tensor> ps = Golden.params(ScalarType.Float64);
            Optimizer opt = made.get(name).apply(ps);
            train(opt, ps, 0, 1, null);
            Map<String, String> want = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = c.get("keys").fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!notHere.contains(e.getKey().substring(e.getKey().lastIndexOf('.') + 1))) {
                    want.put(e.getKey(), e.getValue().asText());
                }
            }
            Map<String, String> got = new TreeMap<>();
            for (Map.Entry<String, Tensor> e : opt.stateDict().entrySet()) {
                got.put(e.getKey(), e.getValue().dtype().toString());
            }
            assertEquals(want.keySet(), got.keySet(), name);
            for (String key : want.keySet()) {
                String kind = want.get(key);
                // every hyperparameter is a float64 here; a Python int in the state (a step count) an int64
                ScalarType dtype = key.startsWith("param_groups") && !key.endsWith(".params") ? ScalarType.Float64
                        : kind.equals("int") ? ScalarType.Int64
                        : kind.equals("float32") ? ScalarType.Float32
                        : kind.equals("int64") ? ScalarType.Int64 : ScalarType.Float64;
                assertEquals(dtype.toString(), got.get(key), name + ": " + key);
            }
        }
    }

    @Test
    void wrongCheckpointsAreRefusedAndChangeNothing() {
        Function<List<Tensor>, Optimizer> make = ps -> new Adam(ps, 0.1, 0.9, 0.999, 1e-8, 0.1, false, true);
        List<Tensor> whole = Golden.params(ScalarType.Float64);
        train(make.apply(whole), whole, 0, STEPS, null);
        List<Tensor> ps = Golden.params(ScalarType.Float64);
        Optimizer opt = make.apply(ps);
        train(opt, ps, 0, SAVED_AT, null);
        Map<String, Tensor> good = opt.stateDict();

        Map<String, Tensor> shape = new LinkedHashMap<>(good);
        shape.put("state.0.exp_avg", org.jitdispatch.Torch.zeros(3).to(ScalarType.Float64));
        assertRefused(opt, shape, "size mismatch for state.0.exp_avg: copying a param with shape [3] from checkpoint, "
                + "the shape in current optimizer is [2, 3]");
        Map<String, Tensor> unknown = new LinkedHashMap<>(good);
        unknown.put("state.0.momentum_buffer", good.get("state.0.exp_avg"));
        unknown.put("scheduler.last_epoch", good.get("param_groups.0.lr"));
        assertRefused(opt, unknown, "unexpected key 'state.0.momentum_buffer'");
        assertRefused(opt, unknown, "unexpected key 'scheduler.last_epoch'");
        Map<String, Tensor> missing = new LinkedHashMap<>(good);
        missing.remove("state.1.max_exp_avg_sq");
        missing.remove("param_groups.0.eps");
        assertRefused(opt, missing, "missing key 'state.1.max_exp_avg_sq'");
        assertRefused(opt, missing, "missing key 'param_groups.0.eps'");
        Map<String, Tensor> otherParam = new LinkedHashMap<>(good);
        otherParam.put("state.2.step", good.get("state.0.step"));
        assertRefused(opt, otherParam, "unexpected key 'state.2.step': the optimizer has parameters 0 to 1");

        Optimizer otherSettings = new Adam(Golden.params(ScalarType.Float64), 0.1, 0.9, 0.999, 1e-6, 0.1, false, true);
        assertRefused(otherSettings, good, "param_groups.0.eps is 1e-08 in the checkpoint but 1e-06 in this optimizer");
        Optimizer noAmsgrad = new Adam(Golden.params(ScalarType.Float64), 0.1, 0.9, 0.999, 1e-8, 0.1, false, false);
        assertRefused(noAmsgrad, good, "param_groups.0.amsgrad is 1.0 in the checkpoint but 0.0 in this optimizer");
        Optimizer oneParam = new Adam(List.of(Golden.params(ScalarType.Float64).get(0)), 0.1, 0.9, 0.999, 1e-8, 0.1,
                false, true);
        assertRefused(oneParam, good, "loaded state dict has a group of 2 parameters, this optimizer has 1");
        assertTrue(oneParam.stateDict().keySet().stream().noneMatch(k -> k.startsWith("state.")),
                "a refused load leaves a fresh optimizer without state");

        train(opt, ps, SAVED_AT, STEPS, null);
        assertSameBits(whole, ps, "after the refused loads");
    }

    private static void assertRefused(Optimizer opt, Map<String, Tensor> checkpoint, String part) {
        double lr = opt.lr();
        String message = assertThrows(IllegalArgumentException.class, () -> opt.loadStateDict(checkpoint)).getMessage();
        assertTrue(message.startsWith("Error(s) in loading state_dict for " + opt.getClass().getSimpleName() + ":"),
                message);
        assertTrue(message.contains(part), message);
        assertEquals(lr, opt.lr(), 0);
    }

    @Test
    void aFreshOptimizerSavesOnlyItsSettings() {
        Optimizer opt = new NAdam(Golden.params(ScalarType.Float64));
        Map<String, Tensor> sd = opt.stateDict();
        assertTrue(sd.keySet().stream().allMatch(k -> k.startsWith("param_groups.0.")), sd.keySet().toString());
        assertArrayEquals(new long[] {0, 1}, sd.get("param_groups.0.params").toLongArray());
        assertEquals(0, sd.get("param_groups.0.lr").dim());
        Optimizer other = new NAdam(Golden.params(ScalarType.Float64));
        other.loadStateDict(sd);
        assertEquals(opt.stateDict().keySet(), other.stateDict().keySet());
    }
}
