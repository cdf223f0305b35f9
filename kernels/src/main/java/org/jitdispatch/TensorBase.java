package org.jitdispatch;

import java.util.Collections;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.autograd.Engine;
import org.jitdispatch.autograd.Node;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The hand-written part of {@link Tensor}: the autograd API (requires_grad, grad, grad_fn, backward).
 * The generated {@code Tensor} extends this class with the operators of ops.yaml. The methods are final
 * so that an operator of the same name is a compile error rather than a silent override.
 */
public abstract class TensorBase extends TensorImpl {
    protected TensorBase(Storage storage, ScalarType dtype, Device device, long[] sizes, long[] strides,
                         long storageOffset) {
        super(storage, dtype, device, sizes, strides, storageOffset);
    }

    protected TensorBase(TensorImpl like, Storage storage, ScalarType dtype) {
        super(like, storage, dtype);
    }

    protected TensorBase(Storage storage, long[] sizes) {
        super(storage, sizes);
    }

    protected TensorBase(TensorImpl base, long[] viewGeometry, long viewOffset) {
        super(base, viewGeometry, viewOffset);
    }

    public final boolean requiresGrad() {
        return Autograd.requiresGrad(this);
    }

    /** Makes this leaf tensor record gradients (PyTorch's requires_grad_); returns this. */
    public final Tensor requiresGrad_(boolean requiresGrad) {
        Autograd.setRequiresGrad((Tensor) this, requiresGrad);
        return (Tensor) this;
    }

    /** The accumulated gradient of this leaf, or null. */
    public final Tensor grad() {
        return Autograd.grad(this);
    }

    /** The backward function that produced this tensor, or null for a leaf. */
    public final Node gradFn() {
        return Autograd.gradFn(this);
    }

    public final boolean isLeaf() {
        return Autograd.isLeaf(this);
    }

    /**
     * {@code detach_()}: this tensor leaves the autograd graph in place, as a leaf that does not require grad
     * (PyTorch refuses it for a view: use {@code detach()}).
     */
    public final Tensor detach_() {
        return Autograd.detachInPlace((Tensor) this);
    }

    /** {@code torch.unique(self)}: the distinct values, sorted. */
    public final Tensor unique() {
        return Torch.unique((Tensor) this);
    }

    /** PyTorch's repr suffix: the grad_fn of a result, else requires_grad of a leaf that records gradients. */
    @Override
    protected final String autogradSuffix() {
        Node fn = gradFn();
        if (fn != null) {
            return "grad_fn=<" + fn.name() + ">";
        }
        return requiresGrad() ? "requires_grad=True" : null;
    }

    /** {@code backward()} of a one-element tensor: the gradient is one. */
    public final void backward() {
        backward(null, false);
    }

    public final void backward(Tensor gradient) {
        backward(gradient, false);
    }

    /** Accumulates gradients into the leaves; {@code retainGraph} keeps saved tensors for another pass. */
    public final void backward(Tensor gradient, boolean retainGraph) {
        backward(gradient, retainGraph, false);
    }

    /**
     * {@code backward(gradient, retain_graph, create_graph)}: with {@code createGraph} the backward pass is
     * itself recorded, so the accumulated gradients can be differentiated again (higher-order gradients).
     */
    public final void backward(Tensor gradient, boolean retainGraph, boolean createGraph) {
        Engine.backward(Collections.singletonList((Tensor) this), Collections.singletonList(gradient),
                retainGraph || createGraph, createGraph);
    }

    /** Keeps this non-leaf tensor's gradient in {@link #grad()} during backward (PyTorch's retain_grad). */
    public final void retainGrad() {
        Autograd.retainGrad((Tensor) this);
    }

    /** Whether {@link #retainGrad()} was called on this non-leaf tensor (PyTorch's retains_grad). */
    public final boolean retainsGrad() {
        return Autograd.retainsGrad(this);
    }

    // ---- devices ----

    /**
     * This tensor on {@code device}: itself when it is there already, else a copy ({@code to(device)}, which
     * an external backend implements through {@code _to_copy} and {@code copy_}).
     */
    public final Tensor to(Device device) {
        return ((Tensor) this).to((ScalarType) null, (Layout) null, device, (Boolean) null);
    }

    /** This tensor on the CPU (a lazy tensor is computed here). */
    public final Tensor cpu() {
        return to(Device.CPU);
    }
}
