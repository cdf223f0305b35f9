package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;

/** Autograd's state of one tensor (c10's AutogradMeta), kept in the tensor's autograd slot. */
final class AutogradMeta {
    boolean requiresGrad;
    Tensor grad;
    Node gradFn;
    int outputNr;
    AccumulateGrad accumulator;
}
