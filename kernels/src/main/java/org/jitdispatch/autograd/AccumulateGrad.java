package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/** The node that ends every path at a leaf: it adds the incoming gradient to the leaf's {@code grad}. */
final class AccumulateGrad extends Node {
    /** A leaf has no inputs to pass gradients to (the engine only reads this array). */
    private static final Tensor[] NO_GRADIENTS = new Tensor[0];


    private final Tensor variable;

    AccumulateGrad(Tensor variable) {
        this.variable = variable;
    }

    @Override
    protected Tensor[] apply(Tensor[] gradOutputs) {
        Tensor incoming = gradOutputs[0];
        if (incoming == null) {
            return NO_GRADIENTS;
        }
        if (!incoming.sameSizes(variable)) {
            throw new IllegalStateException("Function AccumulateGrad returned an invalid gradient at index 0 - got "
                    + Arrays.toString(incoming.sizes()) + " but expected shape compatible with "
                    + Arrays.toString(variable.sizes()));
        }
        AutogradMeta meta = Autograd.meta(variable);
        try (NoGrad g = NoGrad.enter()) {
            if (meta.grad == null) {
                meta.grad = incoming; // taken over, as PyTorch steals a gradient nothing else holds
                meta.gradOwned = false;
            } else if (meta.gradOwned && meta.grad.dtype() == incoming.dtype()) {
                meta.grad.add_(incoming); // PyTorch's in-place `variable.grad += new_grad` outside grad mode
            } else {
                meta.grad = meta.grad.add(incoming);
                meta.gradOwned = true;
            }
        }
        return NO_GRADIENTS;
    }

    @Override
    public String name() {
        return "AccumulateGrad";
    }
}
