package org.jitdispatch.kernels.cpu;

import org.jitdispatch.kernels.TypeTemplate;

/**
 * A float32 sum of one contiguous block of {@code FloatCascadeSum} (at most {@code FloatCascadeSum.BLOCK}
 * elements) that can stand in for the scalar one: it adds the block into independent accumulators that each
 * collect no more elements than the scalar block's do, so its error bound is at least as tight.
 */
@TypeTemplate
public interface FloatBlockSum {
    /** The sum of {@code x[i .. i + n)} in float32. */
    float block(float[] x, int i, int n);
}
