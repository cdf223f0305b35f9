package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;

/** Autograd's state of one tensor (c10's AutogradMeta), kept in the tensor's autograd slot. */
final class AutogradMeta {
    static final int UNKNOWN_VERSION = -1;

    boolean requiresGrad;
    Tensor grad;
    /**
     * Whether {@link #grad} is a tensor AccumulateGrad made itself (a copy or a sum), which nothing else
     * references, so later gradients may be added into it in place. A gradient set by the user is not.
     */
    boolean gradOwned;
    Node gradFn;
    int outputNr;
    AccumulateGrad accumulator;
    /**
     * For a view (see {@code TensorImpl.viewBase()}): the version of its data when {@link #gradFn} was set, as
     * PyTorch's attr_version. Once an in-place write to the view, its base or another view of the base has
     * moved the shared version on, the grad_fn is stale and is made again from the base's history when read.
     * {@link #UNKNOWN_VERSION} for a view that got no autograd state when it was made.
     */
    int attrVersion = UNKNOWN_VERSION;
    /** retain_grad was called: the engine keeps this non-leaf tensor's gradient in {@link #grad}. */
    boolean retainsGrad;
    /** The edge to {@link #gradFn}'s input {@link #outputNr}, or to {@link #accumulator}: built once. */
    Edge edge;
}
