package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Autograd's views (PyTorch's DifferentiableViewMeta and VariableHooks::grad_fn). A differentiable view records
 * its root base and how it was made on its TensorImpl; its grad_fn is kept in its AutogradMeta with the data
 * version it was set at. A write in place to the base, or to another view of it, moves the shared version on,
 * and the view's grad_fn is then made again from the base's new history when it is next read: the grad_fn of
 * {@code base.as_strided(view's sizes, strides, storage offset)}, AsStridedBackward0, as PyTorch makes it for
 * strided tensors.
 */
final class Views {
    private Views() {
    }

    /** Records that {@code view} was made from {@code base} (a view or not), the way {@code made} says. */
    static void track(TensorImpl view, TensorImpl base, CreationMeta made) {
        if (view == base) {
            throw new IllegalStateException("View operation returned a tensor that is the same as the input base tensor.");
        }
        TensorImpl root = base.viewBase();
        if (root == null) {
            view.setViewBase(base, made.code());
        } else {
            view.setViewBase(root, CreationMeta.propagate(CreationMeta.of(base.viewCreationMeta()), made).code());
        }
    }

    /**
     * The grad_fn of a view, made again from its base's history when it is stale: its data's version moved on
     * since it was set. A view that got no autograd state when it was made (its base required no grad then)
     * knows no version; it is stale once its base has a history, unless it was made in no_grad mode.
     */
    static Node gradFn(TensorImpl view, AutogradMeta m) {
        TensorImpl base = view.viewBase();
        Node fn = m == null ? null : m.gradFn;
        if (fn == null && !Autograd.requiresGrad(base)) {
            return null;
        }
        int attrVersion = m == null ? AutogradMeta.UNKNOWN_VERSION : m.attrVersion;
        boolean stale = attrVersion != AutogradMeta.UNKNOWN_VERSION ? attrVersion != view.version()
                : CreationMeta.of(view.viewCreationMeta()) != CreationMeta.NO_GRAD_MODE && Autograd.gradFn(base) != null;
        if (!stale) {
            return fn;
        }
        handleViewOnRebase(view, m, true);
        Node regenerated = replay(view, (Tensor) base);
        AutogradMeta vm = Autograd.meta(view);
        vm.gradFn = regenerated;
        vm.outputNr = 0;
        vm.edge = null;
        vm.attrVersion = view.version();
        Autograd.updateKeys(view);
        return regenerated;
    }

    /** The grad_fn of {@code base.as_strided(...)} with the view's geometry, recorded whatever the grad mode. */
    private static Node replay(TensorImpl view, Tensor base) {
        boolean[] state = GradMode.state();
        boolean enabled = state[0];
        boolean below = state[1];
        state[0] = true;
        state[1] = false;
        try {
            return Torch.as_strided(base, view.sizes(), view.strides(), view.storageOffset()).gradFn();
        } finally {
            state[0] = enabled;
            state[1] = below;
        }
    }

    /**
     * PyTorch's handle_view_on_rebase: a view made by an operator that returns several views, or made in no_grad
     * mode, may not be written in place ({@code indirect}: through its base or another view) while gradients are
     * recorded; throws with PyTorch's message.
     */
    static void handleViewOnRebase(TensorImpl view, AutogradMeta m, boolean indirect) {
        CreationMeta creation = CreationMeta.of(view.viewCreationMeta());
        if (creation == CreationMeta.DEFAULT) {
            return;
        }
        Node fn = m == null ? null : m.gradFn;
        int outputNr = m == null ? 0 : m.outputNr;
        String modified = indirect ? "its base or another view of its base has been" : "is being";
        String message;
        if (creation == CreationMeta.NO_GRAD_MODE || fn == null) {
            String prefix = fn != null ? "Output " + outputNr + " of " + fn.name() + " is a view of a view which was created in"
                    : "A view was created in";
            message = prefix + " no_grad mode and " + modified + " modified inplace with grad mode enabled.";
        } else {
            message = "Output " + outputNr + " of " + fn.name() + " is a view and " + modified + " modified inplace.";
        }
        if (creation == CreationMeta.MULTI_OUTPUT_NODE) {
            message += " This view is the output of a function that returns multiple views. Such functions do not allow"
                    + " the output views to be modified inplace. You should replace the inplace operation by an"
                    + " out-of-place one.";
        } else {
            message += " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code"
                    + " by moving both the view and the inplace either both inside the no_grad block (if you don't want"
                    + " the inplace to be tracked) or both outside (if you want the inplace to be tracked).";
        }
        throw new IllegalStateException(message);
    }
}
