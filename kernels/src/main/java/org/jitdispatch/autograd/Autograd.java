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

    /**
     * PyTorch's requires_grad(): the tensor requires grad itself, has a history, or is a view of a tensor that
     * requires grad. A view made while its base required no grad, whose base has since got a history through an
     * in-place write, gets the Autograd key here (it was made without it), so that its next operations reach
     * autograd.
     */
    public static boolean requiresGrad(TensorImpl t) {
        if (t == null) {
            return false;
        }
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        if (m != null && (m.requiresGrad || m.gradFn != null)) {
            return true;
        }
        TensorImpl base = t.viewBase();
        if (base == null || !requiresGrad(base)) {
            return false;
        }
        setAutogradKey(t, true);
        return true;
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

    /**
     * PyTorch's detach_: the tensor leaves the graph in place (no grad_fn, requires_grad false); a view is refused,
     * with PyTorch's message, since its history is its base's.
     */
    public static Tensor detachInPlace(Tensor t) {
        if (t.viewBase() != null) {
            throw new IllegalStateException("Can't detach views in-place. Use detach() instead. If you are using"
                    + " DistributedDataParallel (DDP) for training, and gradient_as_bucket_view is set as True, gradients"
                    + " are views of DDP buckets, and hence detach_() cannot be called on these gradients. To fix this"
                    + " error, please refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the"
                    + " solution.");
        }
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        if (m != null) {
            m.requiresGrad = false;
            m.gradFn = null;
            m.outputNr = 0;
            m.edge = null;
            updateKeys(t);
        }
        return t;
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

    /**
     * PyTorch's grad_fn(): the node that made the tensor, null for a leaf. A view whose data was written in place
     * through its base or another view since its grad_fn was set gets a new one here, made from the base's
     * history (see {@link Views#gradFn}).
     */
    public static Node gradFn(TensorImpl t) {
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        if (t.viewBase() != null) {
            return Views.gradFn(t, m);
        }
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
        Node fn = gradFn(t);
        AutogradMeta m = meta(t);
        if (fn == null || m.retainsGrad) {
            return;
        }
        m.retainsGrad = true;
        fn.retainGrad(m.outputNr, m);
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
     * PyTorch's check_inplace, made by an in-place operator's Autograd kernel before it writes, when it records
     * the write (grad mode is on and an argument requires grad): a leaf that requires grad, or a view of one,
     * cannot be written, nor a view that was made in no_grad mode or by an operator that returns several views.
     */
    public static void checkInplace(Tensor self) {
        TensorImpl base = self.viewBase();
        if (base != null) {
            Views.handleViewOnRebase(self, (AutogradMeta) self.autogradMeta(), false);
            if (requiresGrad(self) && isLeaf(base)) {
                throw new IllegalStateException("a view of a leaf Variable that requires grad is being used in an in-place"
                        + " operation.");
            }
        }
        if (requiresGrad(self) && isLeaf(self)) {
            throw new IllegalStateException("a leaf Variable that requires grad is being used in an in-place operation.");
        }
    }

    /** The value self had before an in-place write, for a formula that reads it: a copy made without history. */
    public static Tensor originalValue(Tensor self) {
        try (NoGrad g = NoGrad.enter()) {
            return self.clone();
        }
    }

    /**
     * Called by the kernel wrappers of the differentiable view operators (those with a derivative) on every
     * backend, whether or not gradients are recorded, as PyTorch's ADInplaceOrView kernels call as_view:
     * {@code view} shares the data of {@code base}'s root, so that an in-place write to either later reaches
     * the other's history. Records the root on the view and allocates nothing.
     */
    public static void trackView(TensorImpl view, TensorImpl base) {
        Views.track(view, base, CreationMeta.DEFAULT);
    }

    /** {@link #trackView} for the views an operator returns together (unbind, split), which cannot be written in place. */
    public static void trackViews(TensorImpl[] views, TensorImpl base) {
        for (TensorImpl view : views) {
            Views.track(view, base, CreationMeta.MULTI_OUTPUT_NODE);
        }
    }

    /**
     * Called by the Autograd kernel of a view operator that recorded no node. When the user switched gradients
     * off, the view is one created in no_grad mode, which may not be written in place once they are on again;
     * it requires grad as its base does (PyTorch's requires_grad() of a view), so it carries the Autograd key,
     * and an in-place write to it with gradients on reaches autograd's check.
     */
    public static void viewWithoutHistory(TensorImpl view) {
        if (view.viewBase() != null && GradMode.isUserDisabled()) {
            view.setViewBase(view.viewBase(), CreationMeta.NO_GRAD_MODE.code());
            updateKeys(view);
        }
    }

    /** {@link #viewWithoutHistory} for each view of a multi-view operator. */
    public static void viewsWithoutHistory(TensorImpl[] views) {
        for (TensorImpl view : views) {
            viewWithoutHistory(view);
        }
    }

    /** Makes {@code node} the grad_fn of output {@code outputNr} of a view operator (used by autograd kernels). */
    public static void setViewHistory(Tensor view, Node node, int outputNr) {
        setGradientEdge(view, node, outputNr);
        meta(view).attrVersion = view.version();
    }

    /**
     * Makes {@code node} the grad_fn of output {@code outputNr} of an operation that is no view operator (used
     * by autograd kernels): the result is no view of anything, even where the kernel made it as a view of a
     * tensor of its own.
     */
    public static void setHistory(Tensor result, Node node, int outputNr) {
        if (result.viewBase() != null) {
            result.setViewBase(null, CreationMeta.DEFAULT.code());
        }
        setGradientEdge(result, node, outputNr);
    }

    /**
     * PyTorch's rebase_history, after an in-place write that {@code node} recorded: self's old history becomes
     * the node's input. For a view, the write is recorded on its base instead: the base's history becomes a
     * CopySlices node that applies {@code node} to the view's part of the base's gradient, and the view's
     * grad_fn is made again from it.
     */
    public static void rebaseHistory(Tensor self, Node node) {
        TensorImpl base = self.viewBase();
        if (base == null) {
            setGradientEdge(self, node, 0);
            return;
        }
        node.recordInput(0, self);
        setGradientEdge(base, new CopySlices((Tensor) base, self, node), 0);
        AutogradMeta m = meta(self);
        m.gradFn = null; // made again from the base's new history, now (PyTorch calls grad_fn() here too)
        m.attrVersion = AutogradMeta.UNKNOWN_VERSION;
        m.edge = null;
        gradFn(self);
    }

    /**
     * The history of an in-place metadata operator (transpose_, squeeze_, unsqueeze_, t_): PyTorch's
     * set_history, which makes {@code node} self's grad_fn also when self is a view, whose base keeps its
     * history.
     */
    public static void setInplaceViewHistory(Tensor self, Node node) {
        setGradientEdge(self, node, 0);
        if (self.viewBase() != null) {
            meta(self).attrVersion = self.version();
        }
    }

    /** PyTorch's set_gradient_edge: {@code node} becomes t's grad_fn (a retained gradient moves to it). */
    static void setGradientEdge(TensorImpl t, Node node, int outputNr) {
        AutogradMeta m = meta(t);
        m.gradFn = node;
        m.outputNr = outputNr;
        node.recordInput(outputNr, t);
        if (m.retainsGrad) {
            node.retainGrad(outputNr, m); // an in-place operation moves the retained gradient to the new history
        }
        m.edge = null;
        updateKeys(t);
    }

    /**
     * Where the gradient of {@code t} goes: its grad_fn's input, or its AccumulateGrad when it is a leaf that
     * requires grad; null when no gradient is needed.
     */
    public static Edge gradientEdge(Tensor t) {
        if (t == null) {
            return null;
        }
        Node fn = gradFn(t); // for a view, may make its grad_fn again (and its autograd state)
        AutogradMeta m = (AutogradMeta) t.autogradMeta();
        if (m == null) {
            return null;
        }
        if (fn != null) {
            if (m.edge == null || m.edge.node() != fn) {
                m.edge = new Edge(fn, m.outputNr);
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
    static void updateKeys(TensorImpl t) {
        setAutogradKey(t, requiresGrad(t));
    }

    private static void setAutogradKey(TensorImpl t, boolean present) {
        DeviceType type = t.device().type();
        t.setKeyPresent(type.backendKey().autogradKeyOfBackend(), present);
    }
}
