package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** 2-D max pooling ({@code torch.nn.MaxPool2d}); the stride defaults to the kernel size. */
public final class MaxPool2d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] dilation;
    private final boolean ceilMode;

    public MaxPool2d(long kernel) {
        this(new long[] {kernel, kernel}, new long[] {kernel, kernel}, new long[] {0, 0}, new long[] {1, 1}, false);
    }

    public MaxPool2d(long[] kernel, long[] stride, long[] padding, long[] dilation, boolean ceilMode) {
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
        this.dilation = dilation.clone();
        this.ceilMode = ceilMode;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.max_pool2d(input, kernel, stride, padding, dilation, ceilMode);
    }

    @Override
    public String toString() {
        return "MaxPool2d(kernel_size=" + java.util.Arrays.toString(kernel) + ", stride=" + java.util.Arrays.toString(stride)
                + ")";
    }
}
