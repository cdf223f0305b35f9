package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.TensorGeometry;

/** The node that ends every path at a leaf: it adds the incoming gradient to the leaf's {@code grad}. */
final class AccumulateGrad extends Node {
    /** A leaf has no inputs to pass gradients to (the engine only reads this array). */
    private static final Tensor[] NO_GRADIENTS = new Tensor[0];


    private final Tensor variable;

    AccumulateGrad(Tensor variable) {
        this.variable = variable;
        recordInput(0, variable);
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
        if (GradMode.isEnabled()) {
            // create_graph: the gradient keeps its history, and is summed out of place so that the history holds
            meta.grad = meta.grad == null ? incoming : meta.grad.add(incoming);
            meta.gradOwned = false;
            return NO_GRADIENTS;
        }
        try (NoGrad g = NoGrad.enter()) {
            if (meta.grad == null) {
                meta.grad = copyInLayoutOf(incoming, variable);
                meta.gradOwned = true;
            } else if (meta.gradOwned && meta.grad.dtype() == incoming.dtype()) {
                meta.grad.add_(incoming); // PyTorch's in-place `variable.grad += new_grad` outside grad mode
            } else {
                meta.grad = meta.grad.add(incoming);
                meta.gradOwned = true;
            }
        }
        return NO_GRADIENTS;
    }

    /**
     * The first gradient of a leaf, as PyTorch's clone_obey_contract makes it: a copy with the leaf's strides
     * when the leaf is dense, else a contiguous copy. PyTorch takes the incoming tensor over instead when
     * nothing else references it, which Java cannot know: it may be another leaf's gradient too (add's
     * backward hands one tensor to both inputs), the caller's tensor, or a transposed view.
     */
    private static Tensor copyInLayoutOf(Tensor incoming, Tensor variable) {
        if (variable.isContiguous() && !variable.isMeta()) {
            return incoming.clone(MemoryFormat.Contiguous);
        }
        if (TensorGeometry.isNonOverlappingAndDense(variable.sizes(), variable.strides())) {
            return Torch.empty_strided(variable.sizes(), variable.strides(), incoming.dtype(), null, incoming.device(), null)
                    .copy_(incoming);
        }
        return incoming.clone(MemoryFormat.Contiguous);
    }

    @Override
    public String name() {
        return "AccumulateGrad";
    }
}
