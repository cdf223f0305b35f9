package org.jitdispatch.kernels.cpu;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * softmax or log_softmax of one contiguous slice (a row: the softmax dim is the last, as in attention and
 * logits) that can stand in for {@code FloatSoftMax}'s scalar row: the same max, the same exponentials within
 * a unit in the last place, their sum added in another order.
 */
@TypeTemplate
public interface FloatSoftMaxRow {
    /** softmax (or, with {@code log}, log_softmax) of {@code x[at .. at + n)} into {@code out[outAt .. outAt + n)}. */
    void forward(float[] x, int at, float[] out, int outAt, int n, boolean log);
}
