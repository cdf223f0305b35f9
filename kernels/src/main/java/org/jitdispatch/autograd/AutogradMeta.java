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
    /** The edge to {@link #gradFn}'s input {@link #outputNr}, or to {@link #accumulator}: built once. */
    Edge edge;
}
