package org.jitdispatch.optim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * The flattened form of PyTorch's {@code optimizer.state_dict()} ({@code {"state": {index: {name: value}},
 * "param_groups": [{name: value, "params": [indices]}]}}) as a map of tensors that safetensors can hold, and its
 * checked restore. Only {@link Optimizer} uses it.
 */
final class OptimizerStateDict {
    private static final String STATE = "state.";
    private static final String GROUP = "param_groups.0.";
    private static final String PARAMS = "params";
    private static final String INITIAL_LR = "initial_lr";

    private OptimizerStateDict() {
    }

    static Map<String, Tensor> save(Optimizer optimizer, List<Map<String, Tensor>> state) {
        Map<String, Tensor> out = new LinkedHashMap<>();
        for (int i = 0; i < state.size(); i++) {
            for (Map.Entry<String, Tensor> e : state.get(i).entrySet()) {
                out.put(STATE + i + "." + e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<String, Double> h : optimizer.hyperparameters().entrySet()) {
            out.put(GROUP + h.getKey(), Torch.full(new long[0], Scalar.of(h.getValue()), ScalarType.Float64));
        }
        long[] indices = new long[state.size()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = i;
        }
        out.put(GROUP + PARAMS, Torch.tensor(indices, indices.length));
        return out;
    }

    static void load(Optimizer optimizer, List<Map<String, Tensor>> state, Map<String, Tensor> saved) {
        List<String> errors = new ArrayList<>();
        int n = state.size();
        // the saved state of each parameter, checked against what the optimizer would make for it
        List<Map<String, Tensor>> restored = new ArrayList<>();
        List<Map<String, Tensor>> templates = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            restored.add(null);
            templates.add(optimizer.stateTemplate(optimizer.params.get(i)));
        }
        Map<String, Double> groupValues = new TreeMap<>();
        Tensor savedParams = null;
        for (Map.Entry<String, Tensor> e : saved.entrySet()) {
            String key = e.getKey();
            Tensor value = e.getValue();
            if (key.startsWith(STATE)) {
                String rest = key.substring(STATE.length());
                int dot = rest.indexOf('.');
                int index = dot > 0 ? parseIndex(rest.substring(0, dot)) : -1;
                if (index < 0 || index >= n) {
                    errors.add("unexpected key '" + key + "': the optimizer has parameters 0 to " + (n - 1));
                    continue;
                }
                String name = rest.substring(dot + 1);
                Tensor expected = templates.get(index).get(name);
                if (expected == null) {
                    errors.add("unexpected key '" + key + "': " + optimizer.getClass().getSimpleName()
                            + " keeps " + templates.get(index).keySet() + " per parameter");
                    continue;
                }
                if (!java.util.Arrays.equals(expected.sizes(), value.sizes())) {
                    errors.add("size mismatch for " + key + ": copying a param with shape "
                            + java.util.Arrays.toString(value.sizes()) + " from checkpoint, the shape in current "
                            + "optimizer is " + java.util.Arrays.toString(expected.sizes()));
                    continue;
                }
                if (restored.get(index) == null) {
                    restored.set(index, new LinkedHashMap<>());
                }
                restored.get(index).put(name, value);
            } else if (key.equals(GROUP + PARAMS)) {
                savedParams = value;
            } else if (key.startsWith(GROUP)) {
                if (value.dim() != 0) {
                    errors.add("hyperparameter " + key + " should be a 0-dim tensor, not of shape "
                            + java.util.Arrays.toString(value.sizes()));
                } else {
                    groupValues.put(key.substring(GROUP.length()), value.item().toDouble());
                }
            } else {
                errors.add("unexpected key '" + key + "'");
            }
        }
        for (int i = 0; i < n; i++) {
            if (restored.get(i) != null && restored.get(i).size() != templates.get(i).size()) {
                for (String name : templates.get(i).keySet()) {
                    if (!restored.get(i).containsKey(name)) {
                        errors.add("missing key '" + STATE + i + "." + name + "'");
                    }
                }
            }
        }
        checkParams(savedParams, n, errors);
        Map<String, Double> current = optimizer.hyperparameters();
        for (Map.Entry<String, Double> h : current.entrySet()) {
            String name = h.getKey();
            Double value = groupValues.get(name);
            if (value == null) {
                if (!name.equals(INITIAL_LR)) {
                    errors.add("missing key '" + GROUP + name + "'");
                }
            } else if (!adjustable(optimizer, name) && Double.compare(value, h.getValue()) != 0) {
                errors.add(GROUP + name + " is " + PythonFloat.str(value) + " in the checkpoint but "
                        + PythonFloat.str(h.getValue()) + " in this optimizer");
            }
        }
        for (String name : groupValues.keySet()) {
            if (!current.containsKey(name) && !name.equals(INITIAL_LR)) {
                errors.add("unexpected key '" + GROUP + name + "'");
            }
        }
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("Error(s) in loading state_dict for "
                    + optimizer.getClass().getSimpleName() + ":\n\t" + String.join("\n\t", errors));
        }
        for (int i = 0; i < n; i++) {
            Map<String, Tensor> target = state.get(i);
            target.clear();
            if (restored.get(i) != null) {
                // copies, in the template's dtype: later steps must not write into the caller's tensors
                for (Map.Entry<String, Tensor> t : templates.get(i).entrySet()) {
                    target.put(t.getKey(), t.getValue().copy_(restored.get(i).get(t.getKey())));
                }
            }
        }
        for (Map.Entry<String, Double> h : groupValues.entrySet()) {
            apply(optimizer, h.getKey(), h.getValue());
        }
    }

    /** What a schedule may have changed since the optimizer was made: taken from the checkpoint. */
    private static boolean adjustable(Optimizer optimizer, String name) {
        return name.equals("lr") || name.equals(INITIAL_LR)
                || name.equals("momentum") && optimizer instanceof HasMomentum
                || name.equals("betas.0") && optimizer instanceof HasBetas;
    }

    private static void apply(Optimizer optimizer, String name, double value) {
        if (name.equals("lr")) {
            optimizer.setScheduledLr(value);
        } else if (name.equals(INITIAL_LR)) {
            optimizer.setInitialLr(value);
        } else if (name.equals("momentum") && optimizer instanceof HasMomentum m) {
            m.setMomentum(value);
        } else if (name.equals("betas.0") && optimizer instanceof HasBetas b) {
            b.setBeta1(value);
        }
    }

    private static void checkParams(Tensor savedParams, int n, List<String> errors) {
        if (savedParams == null) {
            errors.add("missing key '" + GROUP + PARAMS + "'");
            return;
        }
        long[] indices = savedParams.dim() == 1 ? savedParams.toLongArray() : null;
        boolean ok = indices != null && indices.length == n;
        for (int i = 0; ok && i < n; i++) {
            ok = indices[i] == i;
        }
        if (!ok) {
            errors.add("loaded state dict has a group of " + savedParams.numel() + " parameters, this optimizer "
                    + "has " + n);
        }
    }

    private static int parseIndex(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
