package org.jitdispatch.optim;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * One work tensor per parameter, shaped like it: allocated at its first use and reused by every later step, so
 * that a step allocates no tensors where PyTorch's Python makes temporaries. Not part of the optimizer's state.
 */
final class Scratch {
    private final Tensor[] tensors;
    /** null: the parameter's dtype. */
    private final ScalarType dtype;

    Scratch(int params) {
        this(params, null);
    }

    /** Work tensors of {@code dtype} (Bool for masks). */
    Scratch(int params, ScalarType dtype) {
        this.tensors = new Tensor[params];
        this.dtype = dtype;
    }

    Tensor of(int i, Tensor param) {
        Tensor t = tensors[i];
        if (t == null) {
            t = dtype == null ? Torch.empty_like(param) : Torch.empty_like(param, dtype);
            tensors[i] = t;
        }
        return t;
    }
}
