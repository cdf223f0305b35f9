package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** 1-D max pooling ({@code torch.nn.MaxPool1d}); the stride defaults to the kernel size. */
public final class MaxPool1d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] dilation;
    private final boolean ceilMode;

    public MaxPool1d(long kernel) {
        this(kernel, kernel, 0, 1, false);
    }

    public MaxPool1d(long kernel, long stride, long padding, long dilation, boolean ceilMode) {
        this.kernel = new long[] {kernel};
        this.stride = new long[] {stride};
        this.padding = new long[] {padding};
        this.dilation = new long[] {dilation};
        this.ceilMode = ceilMode;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.max_pool1d(input, kernel, stride, padding, dilation, ceilMode);
    }

    @Override
    protected String extraRepr() {
        return "kernel_size=" + kernel[0] + ", stride=" + stride[0] + ", padding=" + padding[0] + ", dilation="
                + dilation[0] + ", ceil_mode=" + PyRepr.of(ceilMode);
    }
}
