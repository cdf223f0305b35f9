package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;

/**
 * The history of a base after an in-place write to one of its views (torch::autograd::CopySlices): it wraps the
 * write's node {@code fn}. In backward, the gradient of the base is copied into a tensor of the base's layout,
 * the view's part of it (as_strided with the view's geometry) goes through {@code fn}, and {@code fn}'s gradient
 * for the view's old value replaces that part; {@code fn}'s other gradients go to its other inputs. Input 0
 * leads to the base's old history instead of the view's.
 *
 * <p>It keeps the geometries of the base and of the view, not the tensors, so that later writes to them do not
 * stop the backward pass.
 */
final class CopySlices extends Node {
    private final SavedGeometry base;
    private final SavedGeometry view;
    private Node fn;

    CopySlices(Tensor base, Tensor view, Node fn) {
        super(edges(base, fn));
        this.base = SavedGeometry.of(base);
        this.view = SavedGeometry.of(view);
        this.fn = fn;
    }

    /** The base's old gradient edge, then the edges of {@code fn}'s other inputs. */
    private static Edge[] edges(Tensor base, Node fn) {
        Edge[] edges = new Edge[fn.numNextEdges()];
        edges[0] = Autograd.gradientEdge(base);
        for (int i = 1; i < edges.length; i++) {
            edges[i] = fn.nextEdge(i);
        }
        return edges;
    }

    @Override
    protected Tensor[] apply(Tensor[] grads) {
        Tensor[] out = new Tensor[numNextEdges()];
        Tensor grad = grads[0];
        if (grad == null) {
            return out;
        }
        if (fn == null) {
            throw new IllegalStateException(SavedVariable.BACKWARD_TWICE);
        }
        Tensor result = Torch.empty_strided(base.sizes(), base.strides(), grad.dtype(), null, grad.device(), null);
        result.copy_(grad);
        Tensor gradSlice = result.as_strided(view.sizes(), view.strides(), view.storageOffset() - base.storageOffset());
        // a copy, because gradSlice is written below and fn may keep its input for its own backward
        Tensor[] res = fn.apply(new Tensor[] {gradSlice.clone(MemoryFormat.Contiguous)});
        for (int i = 0; i < res.length && i < out.length; i++) {
            if (nextEdge(i) == null) {
                continue;
            }
            if (i == 0) {
                if (res[0] == null) { // the view's old value needs a gradient whenever its base's does
                    throw new IllegalStateException(fn.name() + " returned no gradient for the view in CopySlices");
                }
                gradSlice.copy_(res[0]);
                out[0] = result;
            } else {
                out[i] = res[i];
            }
        }
        return out;
    }

    @Override
    protected void releaseVariables() {
        fn.releaseVariables();
        fn = null;
    }

    @Override
    public String name() {
        return "torch::autograd::CopySlices";
    }
}
