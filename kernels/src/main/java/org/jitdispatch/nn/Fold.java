package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Columns of sliding blocks summed back into images ({@code torch.nn.Fold}, {@code col2im}), the adjoint of
 * {@link Unfold}: an input {@code [N, C * kh * kw, L]} (or unbatched) becomes {@code [N, C, outputSize...]}, where
 * overlapping blocks add up.
 */
public final class Fold extends Module {
    private final long[] outputSize;
    private final long[] kernelSize;
    private final long[] dilation;
    private final long[] padding;
    private final long[] stride;
    /** The kernel size, dilation, padding and stride were given as ints (else as tuples): printed as given. */
    private final boolean givenAsInt;

    /** A square kernel, dilation 1, no padding, stride 1. */
    public Fold(long[] outputSize, long kernelSize) {
        this(outputSize, new long[] {kernelSize, kernelSize}, new long[] {1, 1}, new long[] {0, 0}, new long[] {1, 1},
                true);
    }

    public Fold(long[] outputSize, long[] kernelSize, long[] dilation, long[] padding, long[] stride) {
        this(outputSize, kernelSize, dilation, padding, stride, false);
    }

    private Fold(long[] outputSize, long[] kernelSize, long[] dilation, long[] padding, long[] stride,
            boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        this.outputSize = outputSize.clone();
        this.kernelSize = kernelSize.clone();
        this.dilation = dilation.clone();
        this.padding = padding.clone();
        this.stride = stride.clone();
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.fold(input, outputSize, kernelSize, dilation, padding, stride);
    }

    @Override
    protected String extraRepr() {
        return "output_size=" + PyRepr.tuple(outputSize) + ", kernel_size=" + PyRepr.intOrTuple(kernelSize, givenAsInt)
                + ", dilation=" + PyRepr.intOrTuple(dilation, givenAsInt) + ", padding="
                + PyRepr.intOrTuple(padding, givenAsInt) + ", stride=" + PyRepr.intOrTuple(stride, givenAsInt);
    }
}
