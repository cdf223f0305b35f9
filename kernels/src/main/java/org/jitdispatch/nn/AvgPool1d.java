package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** 1-D average pooling ({@code torch.nn.AvgPool1d}); the stride defaults to the kernel size. */
public final class AvgPool1d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final boolean ceilMode;
    private final boolean countIncludePad;

    public AvgPool1d(long kernel) {
        this(kernel, kernel, 0, false, true);
    }

    public AvgPool1d(long kernel, long stride, long padding, boolean ceilMode, boolean countIncludePad) {
        this.kernel = new long[] {kernel};
        this.stride = new long[] {stride};
        this.padding = new long[] {padding};
        this.ceilMode = ceilMode;
        this.countIncludePad = countIncludePad;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.avg_pool1d(input, kernel, stride, padding, ceilMode, countIncludePad);
    }

    /** AvgPool1d keeps its arguments as one-element tuples ({@code _single}), so it prints them so. */
    @Override
    protected String extraRepr() {
        return "kernel_size=" + PyRepr.tuple(kernel) + ", stride=" + PyRepr.tuple(stride) + ", padding="
                + PyRepr.tuple(padding);
    }
}
