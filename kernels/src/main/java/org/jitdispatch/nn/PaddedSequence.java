package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * What {@link RnnUtils#padPackedSequence} returns, PyTorch's {@code (padded, lengths)}: the sequences padded into
 * one batch, [T, B, *] ([B, T, *] batch first), and their lengths (int64 [B]), in the caller's order.
 */
public record PaddedSequence(Tensor padded, Tensor lengths) {
}
