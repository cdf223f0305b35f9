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

    /** Makes {@code node} the grad_fn of output {@code outputNr} of an operation (used by autograd kernels). */
    public static void setHistory(Tensor result, Node node, int outputNr) {
        AutogradMeta m = meta(result);
        m.gradFn = node;
        m.outputNr = outputNr;
        node.recordInput(outputNr, result);
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
            if (in instanceof Tensor[]) {
                for (Tensor t : (Tensor[]) in) {
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
