package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * The sliding blocks of a batch of images as columns ({@code torch.nn.Unfold}, {@code im2col}): an input {@code [N,
 * C, H, W]} (or {@code [C, H, W]}) becomes {@code [N, C * kh * kw, L]}, one column per block.
 */
public final class Unfold extends Module {
    private final long[] kernelSize;
    private final long[] dilation;
    private final long[] padding;
    private final long[] stride;

    /** A square kernel, dilation 1, no padding, stride 1. */
    public Unfold(long kernelSize) {
        this(new long[] {kernelSize, kernelSize}, new long[] {1, 1}, new long[] {0, 0}, new long[] {1, 1});
    }

    public Unfold(long[] kernelSize, long[] dilation, long[] padding, long[] stride) {
        this.kernelSize = kernelSize.clone();
        this.dilation = dilation.clone();
        this.padding = padding.clone();
        this.stride = stride.clone();
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.unfold(input, kernelSize, dilation, padding, stride);
    }

    @Override
    public String toString() {
        return "Unfold(kernel_size=" + Arrays.toString(kernelSize) + ", dilation=" + Arrays.toString(dilation)
                + ", padding=" + Arrays.toString(padding) + ", stride=" + Arrays.toString(stride) + ")";
    }
}
