package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;

/** Autograd's state of one tensor (c10's AutogradMeta), kept in the tensor's autograd slot. */
final class AutogradMeta {
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
    /** Made by a view operator while gradients were recorded: it shares another tensor's data. */
    boolean isView;
    /** A view operator was recorded on this tensor: some other tensor shares its data. */
    boolean hasViews;
    /** retain_grad was called: the engine keeps this non-leaf tensor's gradient in {@link #grad}. */
    boolean retainsGrad;
    /** The edge to {@link #gradFn}'s input {@link #outputNr}, or to {@link #accumulator}: built once. */
    Edge edge;
}
