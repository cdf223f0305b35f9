package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** 1-D adaptive average pooling to a fixed output length ({@code torch.nn.AdaptiveAvgPool1d}). */
public final class AdaptiveAvgPool1d extends Module {
    private final long outputSize;

    public AdaptiveAvgPool1d(long outputSize) {
        this.outputSize = outputSize;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.adaptive_avg_pool1d(input, outputSize);
    }

    @Override
    protected String extraRepr() {
        return "output_size=" + outputSize;
    }
}
