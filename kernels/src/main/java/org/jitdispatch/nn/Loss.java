package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * A loss criterion ({@code torch.nn}'s loss modules): {@code forward(input, target)} with a reduction of
 * {@code "mean"} (the default), {@code "sum"} or {@code "none"}, PyTorch's names. A loss has no parameters.
 */
public abstract class Loss {
    private final String reduction;

    protected Loss(String reduction) {
        reductionEnum(reduction); // refuses an unknown name at construction, as PyTorch does
        this.reduction = reduction;
    }

    /** The loss of {@code input} against {@code target}. */
    public abstract Tensor forward(Tensor input, Tensor target);

    public final String reduction() {
        return reduction;
    }

    /** ATen's reduction enum: 0 none, 1 mean, 2 sum. */
    protected final long reductionEnum() {
        return reductionEnum(reduction);
    }

    /** ATen's reduction enum for a reduction's name, refusing an unknown one with PyTorch's message. */
    static long reductionEnum(String reduction) {
        switch (reduction) {
            case "none": return 0;
            case "mean": return 1;
            case "sum": return 2;
            default: throw new IllegalArgumentException(reduction + " is not a valid value for reduction");
        }
    }

    /** PyTorch's losses have no extra_repr: the name alone, whatever the reduction. */
    @Override
    public String toString() {
        return getClass().getSimpleName() + "()";
    }
}
