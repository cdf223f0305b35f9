package org.jitdispatch.optim;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.autograd.NoGrad;

/**
 * An optimizer over a fixed list of parameters ({@code torch.optim.Optimizer} with one parameter group).
 * {@link #step()} updates every parameter that has a gradient, in place and without recording history;
 * per-parameter state (momentum, moments, step counts) is allocated at the first step that needs it, under
 * PyTorch's names ({@code exp_avg}, {@code step}, ...), and later steps write into it and into per-parameter
 * scratch tensors, so a step allocates no tensors.
 *
 * <p>Scalar state is kept as PyTorch keeps it: {@code step} (and NAdam's {@code mu_product}, ASGD's {@code eta}
 * and {@code mu}) are 0-dim tensors of the default dtype, float32, so a step count stops growing at 2^24 and
 * those factors are rounded to float32 exactly as in PyTorch.
 *
 * <p>{@link #stateDict()} and {@link #loadStateDict(Map)} save and restore the state for checkpointing. A
 * schedule changes {@link #lr()} between steps, and the momentum of a {@link HasMomentum} or beta1 of a
 * {@link HasBetas} optimizer (OneCycleLR's and CyclicLR's {@code cycle_momentum}).
 *
 * <p>Each update is its PyTorch class's {@code _single_tensor_*} rule, operation by operation; the parameters
 * agree with PyTorch's to a few ulps, not always to the bit, because ATen's CPU kernels fuse some multiply-adds
 * ({@code add(alpha=)}, {@code addcmul}, {@code addcdiv}) that the kernels here round twice. What differs on
 * purpose: one parameter group; no {@code closure} argument to {@code step}; dense gradients only; no
 * {@code foreach}, {@code fused}, {@code capturable} or {@code differentiable} variants.
 */
public abstract class Optimizer {
    protected final List<Tensor> params;
    private final List<Map<String, Tensor>> state;
    private double lr;
    /** param_groups' initial_lr: absent (NaN) until the first scheduler sets it. */
    private double initialLr = Double.NaN;

    protected Optimizer(List<Tensor> params, double lr) {
        Objects.requireNonNull(params, "params");
        checkNonNegative("learning rate", lr);
        this.lr = lr;
        if (params.isEmpty()) {
            throw new IllegalArgumentException("optimizer got an empty parameter list");
        }
        for (Tensor p : params) {
            if (!p.isLeaf()) {
                throw new IllegalArgumentException("can't optimize a non-leaf Tensor");
            }
        }
        this.params = List.copyOf(params);
        this.state = new ArrayList<>();
        for (int i = 0; i < this.params.size(); i++) {
            state.add(new LinkedHashMap<>());
        }
    }

    /** The learning rate the next step uses (a scheduler changes it, as PyTorch's do through param_groups). */
    public final double lr() {
        return lr;
    }

    public final void setLr(double lr) {
        checkNonNegative("learning rate", lr);
        this.lr = lr;
    }

    /** What a scheduler writes to param_groups' lr: unchecked, as PyTorch's assignment is. */
    final void setScheduledLr(double lr) {
        this.lr = lr;
    }

    /**
     * The rate schedules start from ({@code initial_lr}): set by the first scheduler made over this optimizer to
     * the rate then in use (OneCycleLR sets its own); the current rate while no scheduler has set it.
     */
    public final double initialLr() {
        return Double.isNaN(initialLr) ? lr : initialLr;
    }

    /** {@code group.setdefault('initial_lr', group['lr'])}: what a new scheduler does; returns initial_lr. */
    final double adoptInitialLr() {
        if (Double.isNaN(initialLr)) {
            initialLr = lr;
        }
        return initialLr;
    }

    /** {@code group['initial_lr'] = value} (OneCycleLR). */
    final void setInitialLr(double value) {
        initialLr = value;
    }

    final boolean hasInitialLr() {
        return !Double.isNaN(initialLr);
    }

    /** The parameters, in order. */
    public final List<Tensor> params() {
        return params;
    }

    /** One update of every parameter from its gradient. */
    public final void step() {
        try (NoGrad g = NoGrad.enter()) {
            for (int i = 0; i < params.size(); i++) {
                Tensor p = params.get(i);
                Tensor grad = p.grad();
                if (grad != null) {
                    Map<String, Tensor> s = state.get(i);
                    if (s.isEmpty()) {
                        initState(p, s);
                    }
                    update(i, p, grad, s);
                }
            }
        }
    }

    /**
     * Puts a parameter's initial state into the empty {@code state}, under PyTorch's names (the lazy
     * initialization of its {@code step}); an optimizer whose state starts empty puts nothing.
     */
    protected abstract void initState(Tensor param, Map<String, Tensor> state);

    /** Updates parameter {@code i} in place (gradients are off), reading and writing its {@code state}. */
    protected abstract void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state);

    /** Parameter {@code i}'s state (live, by name); empty before its first step. */
    protected final Map<String, Tensor> state(int i) {
        return state.get(i);
    }

    /**
     * The state entries a parameter can have once stepped, with their shapes and dtypes: by default what
     * {@link #initState} puts. An optimizer that adds entries later (SGD's momentum buffer) overrides it.
     */
    protected Map<String, Tensor> stateTemplate(Tensor param) {
        Map<String, Tensor> template = new LinkedHashMap<>();
        initState(param, template);
        return template;
    }

    /**
     * The entries of {@link #stateTemplate} that a parameter's state may lack (RMSprop's momentum buffer, which
     * exists only while a momentum does); none by default.
     */
    protected Set<String> optionalState() {
        return Set.of();
    }

    /**
     * The hyperparameters besides {@code lr}, under PyTorch's param_groups names in its order, a tuple's items
     * as {@code name.0}, {@code name.1} and flags as 0 or 1.
     */
    protected abstract void putHyperparameters(Map<String, Double> into);

    /** Zeroes every parameter's gradient in place (1.13's default), or drops it with {@code setToNone}. */
    public final void zeroGrad(boolean setToNone) {
        try (NoGrad g = NoGrad.enter()) {
            for (Tensor p : params) {
                if (p.grad() != null) {
                    if (setToNone) {
                        Autograd.setGrad(p, null);
                    } else {
                        p.grad().zero_();
                    }
                }
            }
        }
    }

    public final void zeroGrad() {
        zeroGrad(false);
    }

    /** The hyperparameters of the one parameter group: lr, initial_lr once a scheduler set it, then the rest. */
    final Map<String, Double> hyperparameters() {
        Map<String, Double> h = new LinkedHashMap<>();
        h.put("lr", lr);
        if (hasInitialLr()) {
            h.put("initial_lr", initialLr);
        }
        putHyperparameters(h);
        return h;
    }

    /**
     * The state for a checkpoint, flattened as PyTorch's {@code optimizer.state_dict()} nests it: {@code
     * state.<param index>.<name>} for every parameter that has state (the live tensors, as PyTorch shares them;
     * scalar state such as {@code step} included), then {@code param_groups.0.<hyperparameter>} as 0-dim
     * float64 tensors and {@code param_groups.0.params}, the parameter indices as int64. Write it with
     * {@code StateDicts.save}.
     */
    public final Map<String, Tensor> stateDict() {
        return OptimizerStateDict.save(this, state);
    }

    /**
     * Restores {@link #stateDict()}'s state into this optimizer, made over the same parameters with the same
     * settings. Parameter state is copied (into the parameters' dtype), a parameter absent from it starts afresh;
     * {@code lr}, {@code initial_lr} and what a schedule drives (SGD's and RMSprop's momentum, beta1) are set
     * from it. Unlike PyTorch, which takes every saved hyperparameter, the others must equal this optimizer's:
     * a checkpoint never resumes silently under other settings. Wrong keys, shapes, parameter counts or
     * settings are refused with a message naming them, and then nothing is changed.
     */
    public final void loadStateDict(Map<String, Tensor> stateDict) {
        OptimizerStateDict.load(this, state, stateDict);
    }

    protected static void checkNonNegative(String what, double value) {
        if (!(value >= 0)) {
            throw new IllegalArgumentException("Invalid " + what + ": " + PythonFloat.str(value));
        }
    }

    /** A flag as the state dict stores it. */
    protected static double flag(boolean value) {
        return value ? 1 : 0;
    }
}
