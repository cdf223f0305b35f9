package org.example.lazy;

import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.Edge;
import org.jitdispatch.autograd.Node;
import org.jitdispatch.runtime.Scalar;

/**
 * The backward of the lazy backend's own relu: {@code grad * (result > 0)}, itself recorded lazily
 * where the operators are lazy (gt takes the CPU fallback).
 */
final class LazyReluBackward extends Node {
    private Tensor result;

    LazyReluBackward(Edge[] nextEdges, Tensor result) {
        super(nextEdges);
        // the result's value, not the tensor: a later in-place update of the result must not change it
        this.result = LazyGraph.lazyTensor(result, LazyValue.of(result));
    }

    @Override
    protected Tensor[] apply(Tensor[] grads) {
        Tensor grad = grads[0];
        if (grad == null) {
            return new Tensor[] {null};
        }
        return new Tensor[] {grad.mul(result.gt(Scalar.of(0)))};
    }

    @Override
    protected void releaseVariables() {
        result = null;
    }

    @Override
    public String name() {
        return "LazyReluBackward";
    }
}
