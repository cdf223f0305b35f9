package org.jitdispatch.optim;

import java.util.List;
import java.util.Objects;
import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.autograd.NoGrad;

/**
 * An optimizer over a fixed list of parameters ({@code torch.optim.Optimizer} with one parameter group).
 * {@link #step()} updates every parameter that has a gradient, in place and without recording history;
 * per-parameter state (momentum, moments) is allocated at the first step that needs it, and later steps
 * write into it and into per-parameter scratch tensors, so a step allocates no tensors.
 */
public abstract class Optimizer {
    protected final List<Tensor> params;
    private double lr;
    private final double initialLr;

    protected Optimizer(List<Tensor> params, double lr) {
        Objects.requireNonNull(params, "params");
        checkNonNegative("learning rate", lr);
        this.lr = lr;
        this.initialLr = lr;
        if (params.isEmpty()) {
            throw new IllegalArgumentException("optimizer got an empty parameter list");
        }
        for (Tensor p : params) {
            if (!p.isLeaf()) {
                throw new IllegalArgumentException("can't optimize a non-leaf Tensor");
            }
        }
        this.params = List.copyOf(params);
    }

    /** The learning rate the next step uses (a scheduler changes it, as PyTorch's do through param_groups). */
    public final double lr() {
        return lr;
    }

    public final void setLr(double lr) {
        checkNonNegative("learning rate", lr);
        this.lr = lr;
    }

    /** The learning rate given at construction ({@code initial_lr}, which schedulers start from). */
    public final double initialLr() {
        return initialLr;
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
                    update(i, p, grad);
                }
            }
        }
    }

    /** Updates parameter {@code i} in place (gradients are off). */
    protected abstract void update(int i, Tensor param, Tensor grad);

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

    protected static void checkNonNegative(String what, double value) {
        if (!(value >= 0)) {
            throw new IllegalArgumentException("Invalid " + what + ": " + value);
        }
    }
}
