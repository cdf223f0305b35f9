package org.jitdispatch.nn;

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
    /** The kernel size, dilation, padding and stride were given as ints (else as tuples): printed as given. */
    private final boolean givenAsInt;

    /** A square kernel, dilation 1, no padding, stride 1. */
    public Unfold(long kernelSize) {
        this(new long[] {kernelSize, kernelSize}, new long[] {1, 1}, new long[] {0, 0}, new long[] {1, 1}, true);
    }

    public Unfold(long[] kernelSize, long[] dilation, long[] padding, long[] stride) {
        this(kernelSize, dilation, padding, stride, false);
    }

    private Unfold(long[] kernelSize, long[] dilation, long[] padding, long[] stride, boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
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
    protected String extraRepr() {
        return "kernel_size=" + PyRepr.intOrTuple(kernelSize, givenAsInt) + ", dilation="
                + PyRepr.intOrTuple(dilation, givenAsInt) + ", padding=" + PyRepr.intOrTuple(padding, givenAsInt)
                + ", stride=" + PyRepr.intOrTuple(stride, givenAsInt);
    }
}
