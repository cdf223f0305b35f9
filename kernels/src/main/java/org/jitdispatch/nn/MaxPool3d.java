package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** 3-D max pooling ({@code torch.nn.MaxPool3d}) over {@code [N, C, T, H, W]}; the stride defaults to the kernel size. */
public final class MaxPool3d extends Module {
    /** The arguments were given as single ints (else as tuples): PyTorch prints them as given. */
    private final boolean givenAsInt;
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] dilation;
    private final boolean ceilMode;

    public MaxPool3d(long kernel) {
        this(new long[] {kernel, kernel, kernel}, new long[] {kernel, kernel, kernel}, new long[] {0, 0, 0},
                new long[] {1, 1, 1}, false, true);
    }

    public MaxPool3d(long[] kernel, long[] stride, long[] padding, long[] dilation, boolean ceilMode) {
        this(kernel, stride, padding, dilation, ceilMode, false);
    }

    private MaxPool3d(long[] kernel, long[] stride, long[] padding, long[] dilation, boolean ceilMode,
            boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
        this.dilation = dilation.clone();
        this.ceilMode = ceilMode;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.max_pool3d(input, kernel, stride, padding, dilation, ceilMode);
    }

    @Override
    protected String extraRepr() {
        return "kernel_size=" + PyRepr.intOrTuple(kernel, givenAsInt) + ", stride="
                + PyRepr.intOrTuple(stride, givenAsInt) + ", padding=" + PyRepr.intOrTuple(padding, givenAsInt)
                + ", dilation=" + PyRepr.intOrTuple(dilation, givenAsInt) + ", ceil_mode=" + PyRepr.of(ceilMode);
    }
}
