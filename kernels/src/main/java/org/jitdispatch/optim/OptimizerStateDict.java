package org.jitdispatch.optim;

import java.util.ArrayList;
import java.util.Arrays;
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
 * restore: every entry is checked before anything changes, so a refused checkpoint leaves the optimizer as it was.
 * Only {@link Optimizer} uses it.
 */
final class OptimizerStateDict {
    private static final String STATE = "state.";
    private static final String GROUP = "param_groups.0.";
    private static final String PARAMS = "params";
    private static final String INITIAL_LR = "initial_lr";

    private final Optimizer optimizer;
    private final int n;
    /** What the optimizer would make for each parameter: the names, shapes and dtypes a checkpoint must have. */
    private final List<Map<String, Tensor>> templates = new ArrayList<>();
    /** Each parameter's checked entries from the checkpoint; null when it has none (the parameter starts afresh). */
    private final List<Map<String, Tensor>> restored = new ArrayList<>();
    private final Map<String, Double> groupValues = new TreeMap<>();
    private final List<String> errors = new ArrayList<>();
    private Tensor savedParams;

    private OptimizerStateDict(Optimizer optimizer) {
        this.optimizer = optimizer;
        this.n = optimizer.params.size();
        for (Tensor p : optimizer.params) {
            templates.add(optimizer.stateTemplate(p));
            restored.add(null);
        }
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
        OptimizerStateDict check = new OptimizerStateDict(optimizer);
        for (Map.Entry<String, Tensor> e : saved.entrySet()) {
            check.entry(e.getKey(), e.getValue());
        }
        check.completeness();
        check.hyperparameters();
        if (!check.errors.isEmpty()) {
            throw new IllegalArgumentException("Error(s) in loading state_dict for "
                    + optimizer.getClass().getSimpleName() + ":\n\t" + String.join("\n\t", check.errors));
        }
        check.apply(state);
    }

    private void entry(String key, Tensor value) {
        if (key.startsWith(STATE)) {
            stateEntry(key, value);
        } else if (key.equals(GROUP + PARAMS)) {
            savedParams = value;
        } else if (key.startsWith(GROUP)) {
            if (value.dim() != 0) {
                errors.add("hyperparameter " + key + " should be a 0-dim tensor, not of shape "
                        + Arrays.toString(value.sizes()));
            } else {
                groupValues.put(key.substring(GROUP.length()), value.item().toDouble());
            }
        } else {
            errors.add("unexpected key '" + key + "'");
        }
    }

    private void stateEntry(String key, Tensor value) {
        String rest = key.substring(STATE.length());
        int dot = rest.indexOf('.');
        int index = dot > 0 ? parseIndex(rest.substring(0, dot)) : -1;
        if (index < 0 || index >= n) {
            errors.add("unexpected key '" + key + "': the optimizer has parameters 0 to " + (n - 1));
            return;
        }
        String name = rest.substring(dot + 1);
        Tensor expected = templates.get(index).get(name);
        if (expected == null) {
            errors.add("unexpected key '" + key + "': " + optimizer.getClass().getSimpleName() + " keeps "
                    + templates.get(index).keySet() + " per parameter");
        } else if (!Arrays.equals(expected.sizes(), value.sizes())) {
            errors.add("size mismatch for " + key + ": copying a param with shape " + Arrays.toString(value.sizes())
                    + " from checkpoint, the shape in current optimizer is " + Arrays.toString(expected.sizes()));
        } else {
            if (restored.get(index) == null) {
                restored.set(index, new LinkedHashMap<>());
            }
            restored.get(index).put(name, value);
        }
    }

    /** A parameter with state in the checkpoint has all of it, and the group lists every parameter. */
    private void completeness() {
        for (int i = 0; i < n; i++) {
            if (restored.get(i) != null) {
                for (String name : templates.get(i).keySet()) {
                    if (!restored.get(i).containsKey(name) && !optimizer.optionalState().contains(name)) {
                        errors.add("missing key '" + STATE + i + "." + name + "'");
                    }
                }
            }
        }
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

    /** Every setting present; the ones fixed at construction equal to this optimizer's. */
    private void hyperparameters() {
        Map<String, Double> current = optimizer.hyperparameters();
        for (Map.Entry<String, Double> h : current.entrySet()) {
            String name = h.getKey();
            Double value = groupValues.get(name);
            if (value == null) {
                if (!name.equals(INITIAL_LR)) {
                    errors.add("missing key '" + GROUP + name + "'");
                }
            } else if (!adjustable(name) && Double.compare(value, h.getValue()) != 0) {
                errors.add(GROUP + name + " is " + PythonFloat.str(value) + " in the checkpoint but "
                        + PythonFloat.str(h.getValue()) + " in this optimizer");
            }
        }
        for (String name : groupValues.keySet()) {
            if (!current.containsKey(name) && !name.equals(INITIAL_LR)) {
                errors.add("unexpected key '" + GROUP + name + "'");
            }
        }
    }

    /** What a schedule may have changed since the optimizer was made: taken from the checkpoint. */
    private boolean adjustable(String name) {
        return name.equals("lr") || name.equals(INITIAL_LR)
                || name.equals("momentum") && optimizer instanceof HasMomentum
                || name.equals("betas.0") && optimizer instanceof HasBetas;
    }

    private void apply(List<Map<String, Tensor>> state) {
        for (int i = 0; i < n; i++) {
            Map<String, Tensor> target = state.get(i);
            target.clear();
            if (restored.get(i) != null) {
                // copies, in the template's dtype: later steps must not write into the checkpoint's tensors
                for (Map.Entry<String, Tensor> t : templates.get(i).entrySet()) {
                    Tensor saved = restored.get(i).get(t.getKey());
                    if (saved != null) {
                        target.put(t.getKey(), t.getValue().copy_(saved));
                    }
                }
            }
        }
        for (Map.Entry<String, Double> h : groupValues.entrySet()) {
            String name = h.getKey();
            double value = h.getValue();
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
    }

    private static int parseIndex(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
