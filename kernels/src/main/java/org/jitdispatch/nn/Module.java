package org.jitdispatch.nn;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.NoGrad;

/**
 * A layer or a model (PyTorch's {@code torch.nn.Module}): it owns named parameters (tensors that require
 * grad), buffers (state that is saved but not trained, such as batch norm's running statistics) and child
 * modules, and computes its output in {@link #forward}. Names are dotted paths, as in PyTorch
 * ({@code "0.weight"}, {@code "encoder.norm.bias"}), so a state dict exported from PyTorch loads by name.
 *
 * <p>Subclasses register their state in their constructor with {@link #registerParameter},
 * {@link #registerBuffer} and {@link #registerModule}; everything they compute goes through the dispatcher
 * ({@code Torch.*} and tensor methods).
 */
public abstract class Module {
    private final Map<String, Tensor> parameters = new LinkedHashMap<>();
    private final Map<String, Tensor> buffers = new LinkedHashMap<>();
    private final Map<String, Module> children = new LinkedHashMap<>();
    private boolean training = true;

    /** The module's output for {@code input}. */
    public abstract Tensor forward(Tensor input);

    /** Registers a parameter under {@code name} (made to require grad) and returns it. */
    protected final Tensor registerParameter(String name, Tensor parameter) {
        checkName(name);
        if (parameter != null && !parameter.requiresGrad()) {
            parameter.requiresGrad_(true);
        }
        parameters.put(name, parameter);
        return parameter;
    }

    /** Registers a buffer under {@code name} and returns it. */
    protected final Tensor registerBuffer(String name, Tensor buffer) {
        checkName(name);
        buffers.put(name, buffer);
        return buffer;
    }

    /** Registers a child module under {@code name} and returns it. */
    protected final <M extends Module> M registerModule(String name, M module) {
        checkName(name);
        children.put(name, Objects.requireNonNull(module, "module"));
        return module;
    }

    /** Replaces a buffer's tensor (running statistics updated out of place, a loaded state). */
    protected final void setBuffer(String name, Tensor buffer) {
        if (!buffers.containsKey(name)) {
            throw new IllegalArgumentException("no buffer '" + name + "' in " + getClass().getSimpleName());
        }
        buffers.put(name, buffer);
    }

    /** The registered buffer {@code name}. */
    protected final Tensor buffer(String name) {
        return buffers.get(name);
    }

    private void checkName(String name) {
        Objects.requireNonNull(name, "name");
        if (name.isEmpty() || name.contains(".")) {
            throw new IllegalArgumentException("module name can't contain \".\" or be empty, got: \"" + name + "\"");
        }
        if (parameters.containsKey(name) || buffers.containsKey(name) || children.containsKey(name)) {
            throw new IllegalArgumentException("attribute '" + name + "' already exists");
        }
    }

    /** Every parameter of this module and its descendants, in registration order. */
    public final List<Tensor> parameters() {
        return new ArrayList<>(namedParameters().values());
    }

    /** Every parameter by its dotted name. */
    public final Map<String, Tensor> namedParameters() {
        Map<String, Tensor> out = new LinkedHashMap<>();
        collect(out, "", true);
        return out;
    }

    /** Every buffer by its dotted name. */
    public final Map<String, Tensor> namedBuffers() {
        Map<String, Tensor> out = new LinkedHashMap<>();
        collect(out, "", false);
        return out;
    }

    private void collect(Map<String, Tensor> out, String prefix, boolean wantParameters) {
        for (Map.Entry<String, Tensor> e : (wantParameters ? parameters : buffers).entrySet()) {
            if (e.getValue() != null) {
                out.put(prefix + e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<String, Module> c : children.entrySet()) {
            c.getValue().collect(out, prefix + c.getKey() + ".", wantParameters);
        }
    }

    /** The direct children by name. */
    public final Map<String, Module> namedChildren() {
        return Collections.unmodifiableMap(children);
    }

    /** Training mode (dropout drops, batch norm uses and updates batch statistics); returns this. */
    public Module train() {
        return train(true);
    }

    public Module train(boolean mode) {
        training = mode;
        for (Module c : children.values()) {
            c.train(mode);
        }
        return this;
    }

    /** Evaluation mode, {@code train(false)}; returns this. */
    public Module eval() {
        return train(false);
    }

    public final boolean isTraining() {
        return training;
    }

    /**
     * Zeroes every parameter's gradient in place (PyTorch 1.13's {@code zero_grad()}, whose default is
     * {@code set_to_none=False}), so an optimizer keeps writing into the same gradient tensors.
     */
    public final void zeroGrad() {
        zeroGrad(false);
    }

    /** {@code zero_grad(set_to_none)}: with {@code setToNone} the gradients are dropped instead. */
    public final void zeroGrad(boolean setToNone) {
        try (NoGrad g = NoGrad.enter()) {
            for (Tensor p : parameters()) {
                Tensor grad = p.grad();
                if (grad == null) {
                    continue;
                }
                if (setToNone) {
                    org.jitdispatch.autograd.Autograd.setGrad(p, null);
                } else {
                    grad.zero_();
                }
            }
        }
    }

    /** Parameters and buffers by dotted name (PyTorch's {@code state_dict()}), the tensors themselves. */
    public final Map<String, Tensor> stateDict() {
        Map<String, Tensor> out = new LinkedHashMap<>();
        collectState(out, "");
        return out;
    }

    private void collectState(Map<String, Tensor> out, String prefix) {
        for (Map.Entry<String, Tensor> e : parameters.entrySet()) {
            if (e.getValue() != null) {
                out.put(prefix + e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<String, Tensor> e : buffers.entrySet()) {
            if (e.getValue() != null) {
                out.put(prefix + e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<String, Module> c : children.entrySet()) {
            c.getValue().collectState(out, prefix + c.getKey() + ".");
        }
    }

    /**
     * Copies {@code state} into this module's parameters and buffers by name (PyTorch's
     * {@code load_state_dict(strict=True)}): every key must match, with the same shape; values are converted
     * to each tensor's dtype. Nothing is copied when a check fails.
     */
    public final void loadStateDict(Map<String, Tensor> state) {
        Map<String, Tensor> own = stateDict();
        List<String> missing = new ArrayList<>();
        List<String> unexpected = new ArrayList<>();
        List<String> mismatched = new ArrayList<>();
        for (String key : own.keySet()) {
            if (!state.containsKey(key)) {
                missing.add(key);
            }
        }
        for (Map.Entry<String, Tensor> e : state.entrySet()) {
            Tensor target = own.get(e.getKey());
            if (target == null) {
                unexpected.add(e.getKey());
            } else if (!target.sameSizes(e.getValue())) {
                mismatched.add("size mismatch for " + e.getKey() + ": copying a param with shape "
                        + java.util.Arrays.toString(e.getValue().sizes()) + " from checkpoint, the shape in current model is "
                        + java.util.Arrays.toString(target.sizes()) + ".");
            }
        }
        if (!missing.isEmpty() || !unexpected.isEmpty() || !mismatched.isEmpty()) {
            StringBuilder message = new StringBuilder("Error(s) in loading state_dict for " + getClass().getSimpleName() + ":");
            if (!unexpected.isEmpty()) {
                message.append("\n\tUnexpected key(s) in state_dict: ").append(quoted(unexpected)).append('.');
            }
            if (!missing.isEmpty()) {
                message.append("\n\tMissing key(s) in state_dict: ").append(quoted(missing)).append('.');
            }
            for (String m : mismatched) {
                message.append("\n\t").append(m);
            }
            throw new IllegalArgumentException(message.toString());
        }
        try (NoGrad g = NoGrad.enter()) {
            for (Map.Entry<String, Tensor> e : own.entrySet()) {
                e.getValue().copy_(state.get(e.getKey()));
            }
        }
    }

    private static String quoted(List<String> keys) {
        StringBuilder sb = new StringBuilder();
        for (String k : keys) {
            sb.append(sb.length() == 0 ? "" : ", ").append('"').append(k).append('"');
        }
        return sb.toString();
    }

    /**
     * The module's own settings as PyTorch's {@code extra_repr()} writes them (values in Python's syntax, see
     * {@link PyRepr}); empty when it has none. {@link #toString} adds the name and the children.
     */
    protected String extraRepr() {
        return "";
    }

    /** The name {@link #toString} prints, PyTorch's {@code _get_name()}: the class name. */
    protected String reprName() {
        return getClass().getSimpleName();
    }

    /**
     * PyTorch's {@code Module.__repr__}: the name, then the extra repr on the same line when it is one line and
     * there are no children, else the extra repr's lines and each child as {@code (name): repr}, indented by two
     * spaces (a child's own lines by two more).
     */
    @Override
    public String toString() {
        String extra = extraRepr();
        List<String> lines = new ArrayList<>();
        if (!extra.isEmpty()) {
            lines.addAll(List.of(extra.split("\n", -1)));
        }
        int extraLines = lines.size();
        for (Map.Entry<String, Module> c : children.entrySet()) {
            lines.add("(" + c.getKey() + "): " + c.getValue().toString().replace("\n", "\n  "));
        }
        StringBuilder sb = new StringBuilder(reprName()).append('(');
        if (extraLines == 1 && lines.size() == 1) {
            sb.append(lines.get(0));
        } else if (!lines.isEmpty()) {
            sb.append("\n  ").append(String.join("\n  ", lines)).append('\n');
        }
        return sb.append(')').toString();
    }
}
