package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/** The node that ends every path at a leaf: it adds the incoming gradient to the leaf's {@code grad}. */
final class AccumulateGrad extends Node {
    private final Tensor variable;

    AccumulateGrad(Tensor variable) {
        this.variable = variable;
    }

    @Override
    protected Tensor[] apply(Tensor[] gradOutputs) {
        Tensor incoming = gradOutputs[0];
        if (incoming == null) {
            return new Tensor[0];
        }
        if (!Arrays.equals(incoming.sizes(), variable.sizes())) {
            throw new IllegalStateException("Function AccumulateGrad returned an invalid gradient at index 0 - got "
                    + Arrays.toString(incoming.sizes()) + " but expected shape compatible with "
                    + Arrays.toString(variable.sizes()));
        }
        AutogradMeta meta = Autograd.meta(variable);
        try (NoGrad g = NoGrad.enter()) {
            meta.grad = meta.grad == null ? incoming : meta.grad.add(incoming);
        }
        return new Tensor[0];
    }

    @Override
    public String name() {
        return "AccumulateGrad";
    }
}
