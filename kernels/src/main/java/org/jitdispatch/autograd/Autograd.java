package org.jitdispatch.autograd;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Autograd's view of a tensor: requires_grad, grad, grad_fn, and the history that autograd kernels
 * attach to their results. A tensor that requires grad carries its backend's Autograd key, so its calls
 * reach autograd kernels; a tensor that does not carries none and pays nothing.
 */
public final class Autograd {
    private Autograd() {
    }

    public static boolean requiresGrad(TensorImpl t) {
        if (t == null) {
            return false;
        }
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        return m != null && (m.requiresGrad || m.gradFn != null);
    }

    /** Whether any tensor of a list requires grad. */
    public static boolean requiresGrad(TensorImpl[] ts) {
        if (ts != null) {
            for (TensorImpl t : ts) {
                if (requiresGrad(t)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** An input's sizes, saved by backward functions to sum gradients back (null for an absent tensor). */
    public static long[] sizesOf(TensorImpl t) {
        return t == null ? null : t.sizes();
    }

    public static long[][] sizesOf(TensorImpl[] ts) {
        long[][] out = new long[ts.length][];
        for (int i = 0; i < ts.length; i++) {
            out[i] = sizesOf(ts[i]);
        }
        return out;
    }

    /** PyTorch's requires_grad_ : only leaves, and only floating-point tensors. */
    public static void setRequiresGrad(Tensor t, boolean requiresGrad) {
        if (!isLeaf(t)) {
            throw new IllegalStateException("you can only change requires_grad flags of leaf variables. If you want to use"
                    + " a computed variable in a subgraph that doesn't require differentiation use var_no_grad ="
                    + " var.detach().");
        }
        if (requiresGrad && !t.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("only Tensors of floating point dtype can require gradients");
        }
        meta(t).requiresGrad = requiresGrad;
        updateKeys(t);
    }

    public static Tensor grad(TensorImpl t) {
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        return m == null ? null : m.grad;
    }

    public static void setGrad(Tensor t, Tensor grad) {
        AutogradMeta m = meta(t);
        m.grad = grad;
        m.gradOwned = false;
    }

    public static Node gradFn(TensorImpl t) {
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        return m == null ? null : m.gradFn;
    }

    static int outputNr(TensorImpl t) {
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        return m == null ? 0 : m.outputNr;
    }

    public static boolean isLeaf(TensorImpl t) {
        return gradFn(t) == null;
    }

    /** torchgen's check_no_requires_grad: an input the operator has no gradient formula for must not require grad. */
    public static void checkNoRequiresGrad(TensorImpl t, String argument, String op) {
        if (t != null && GradMode.isEnabled() && requiresGrad(t)) {
            throw new IllegalArgumentException("The function '" + op + "' is not differentiable with respect to argument '"
                    + argument + "'. This input cannot have requires_grad True.");
        }
    }

    public static void checkNoRequiresGrad(TensorImpl[] ts, String argument, String op) {
        if (ts != null) {
            for (TensorImpl t : ts) {
                checkNoRequiresGrad(t, argument, op);
            }
        }
    }

    /**
     * retain_grad: a non-leaf tensor keeps its gradient in {@code .grad} during backward passes; a no-op for a
     * leaf (which keeps its gradient anyway). Refused for a tensor that does not require grad.
     */
    public static void retainGrad(Tensor t) {
        if (!requiresGrad(t)) {
            throw new IllegalStateException("can't retain_grad on Tensor that has requires_grad=False");
        }
        AutogradMeta m = meta(t);
        if (m.gradFn == null || m.retainsGrad) {
            return;
        }
        m.retainsGrad = true;
        m.gradFn.retainGrad(m.outputNr, m);
    }

    /** Whether {@link #retainGrad} was called on this non-leaf tensor. */
    public static boolean retainsGrad(TensorImpl t) {
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        return m != null && m.retainsGrad;
    }

    /**
     * torch.autograd.grad: the gradients of {@code outputs} (with {@code gradOutputs}, null entries meaning
     * ones for one-element outputs) with respect to {@code inputs}, returned rather than accumulated into
     * {@code .grad}. {@code createGraph} records the backward pass so that the result can be differentiated
     * again; {@code retainGraph} keeps the graph for another pass (PyTorch's default is {@code createGraph}).
     */
    public static Tensor[] grad(List<Tensor> outputs, List<Tensor> inputs, List<Tensor> gradOutputs, boolean retainGraph,
            boolean createGraph, boolean allowUnused) {
        List<Tensor> grads = gradOutputs != null ? gradOutputs : java.util.Collections.nCopies(outputs.size(), null);
        if (grads.size() != outputs.size()) {
            throw new IllegalArgumentException("grad requires one grad_output per output: got " + grads.size()
                    + " grad_outputs for " + outputs.size() + " outputs");
        }
        return Engine.grad(outputs, grads, inputs, retainGraph, createGraph, allowUnused);
    }

    /** {@code torch.autograd.grad(output, inputs, create_graph=createGraph)} of a one-element output. */
    public static Tensor[] grad(Tensor output, List<Tensor> inputs, boolean createGraph) {
        return grad(List.of(output), inputs, null, createGraph, createGraph, false);
    }

    /**
     * Before an in-place write that autograd records: a leaf that requires grad cannot be written (PyTorch's
     * error), and neither can a tensor that is, or has, an autograd view, whose history PyTorch would rebase
     * with CopySlices (not supported yet).
     */
    public static void checkInplace(Tensor self) {
        if (!GradMode.isEnabled()) {
            return;
        }
        AutogradMeta m = (AutogradMeta) self.autogradMeta();
        if (m == null) {
            return;
        }
        if (m.requiresGrad && m.gradFn == null) {
            throw new IllegalStateException("a leaf Variable that requires grad is being used in an in-place operation.");
        }
        if (m.isView || m.hasViews) {
            throw new UnsupportedOperationException("in-place operations on a view of a tensor with autograd history, or"
                    + " on a tensor that has such views, are not supported yet; write into a copy (clone()) instead");
        }
    }

    /** The value self had before an in-place write, for a formula that reads it: a copy made without history. */
    public static Tensor originalValue(Tensor self) {
        try (NoGrad g = NoGrad.enter()) {
            return self.clone();
        }
    }

    /** Records that {@code view} (made by a recorded view operator) shares {@code base}'s data. */
    public static void markView(Tensor view, Tensor base) {
        meta(view).isView = true;
        meta(base).hasViews = true;
    }

    /** Makes {@code node} the grad_fn of output {@code outputNr} of an operation (used by autograd kernels). */
    public static void setHistory(Tensor result, Node node, int outputNr) {
        AutogradMeta m = meta(result);
        m.gradFn = node;
        m.outputNr = outputNr;
        node.recordInput(outputNr, result);
        if (m.retainsGrad) {
            node.retainGrad(outputNr, m); // an in-place operation moves the retained gradient to the new history
        }
        m.edge = null;
        updateKeys(result);
    }

    /**
     * Where the gradient of {@code t} goes: its grad_fn's input, or its AccumulateGrad when it is a leaf that
     * requires grad; null when no gradient is needed.
     */
    public static Edge gradientEdge(Tensor t) {
        if (t == null) {
            return null;
        }
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        if (m == null) {
            return null;
        }
        if (m.gradFn != null) {
            if (m.edge == null || m.edge.node() != m.gradFn) {
                m.edge = new Edge(m.gradFn, m.outputNr);
            }
            return m.edge;
        }
        if (!m.requiresGrad) {
            return null;
        }
        if (m.accumulator == null) {
            m.accumulator = new AccumulateGrad(t);
        }
        if (m.edge == null || m.edge.node() != m.accumulator) {
            m.edge = new Edge(m.accumulator, 0);
        }
        return m.edge;
    }

    /** Gradient edges of inputs that are tensors or tensor lists (a list gives one edge per element). */
    public static Edge[] edgesOf(Object... inputs) {
        List<Edge> edges = new ArrayList<>();
        for (Object in : inputs) {
            if (in instanceof Tensor[] tensors) {
                for (Tensor t : tensors) {
                    edges.add(gradientEdge(t));
                }
            } else {
                edges.add(gradientEdge((Tensor) in));
            }
        }
        return edges.toArray(new Edge[0]);
    }

    /** The gradient edges of a forward call's inputs (null entries for inputs that need no gradient). */
    public static Edge[] collectNextEdges(Tensor... inputs) {
        Edge[] edges = new Edge[inputs.length];
        for (int i = 0; i < inputs.length; i++) {
            edges[i] = gradientEdge(inputs[i]);
        }
        return edges;
    }

    static AutogradMeta meta(TensorImpl t) {
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        if (m == null) {
            m = new AutogradMeta();
            t.setAutogradMeta(m);
        }
        return m;
    }

    /** The Autograd key of the tensor's backend is present exactly while the tensor requires grad. */
    private static void updateKeys(TensorImpl t) {
        DeviceType type = t.device().type();
        t.setKeyPresent(type.backendKey().autogradKeyOfBackend(), requiresGrad(t));
    }
}
