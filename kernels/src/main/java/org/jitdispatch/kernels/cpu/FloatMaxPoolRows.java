package org.jitdispatch.kernels.cpu;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * max_pool2d's 2 x 2 windows with a stride of 2 along the row, one output row at a time, that can stand in for
 * the scalar loop ({@code FloatMaxPool2d}) with the same results: each window's maximum and the index in the
 * plane of the first of its four elements equal to it (top left, top right, bottom left, bottom right).
 */
@TypeTemplate
public interface FloatMaxPoolRows {
    /**
     * Pools window {@code k} of the row, the elements {@code in[top + 2k]}, {@code in[top + 2k + 1]} and the two
     * below them ({@code + inW}), into {@code out[o + k]} and its index {@code rowIndex + 2k} (plus 1, {@code inW}
     * or {@code inW + 1}) into {@code indices[x + k]}, for {@code k} from 0 to {@code outW}. It stops at a group
     * that holds a NaN (or infinities of both signs), whose pooling rules the scalar loop keeps, and returns how
     * many windows, from the row's first, it pooled.
     *
     * <p>{@code writable} (at least {@code outW}) is how many outputs from {@code o} (and indices from
     * {@code x}) it may write: a row shorter than a vector is pooled as one vector's windows when the outputs past
     * its end are writable (the caller writes them again, with the next row's windows, after this returns) and the
     * input holds the elements those windows read; otherwise it is left to the scalar loop.
     */
    int row(float[] in, int top, int inW, float[] out, int o, long[] indices, int x, int rowIndex, int outW,
            int writable);
}
