package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/** 3-D max pooling ({@code torch.nn.MaxPool3d}) over {@code [N, C, T, H, W]}; the stride defaults to the kernel size. */
public final class MaxPool3d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] dilation;
    private final boolean ceilMode;

    public MaxPool3d(long kernel) {
        this(new long[] {kernel, kernel, kernel}, new long[] {kernel, kernel, kernel}, new long[] {0, 0, 0},
                new long[] {1, 1, 1}, false);
    }

    public MaxPool3d(long[] kernel, long[] stride, long[] padding, long[] dilation, boolean ceilMode) {
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
    public String toString() {
        return "MaxPool3d(kernel_size=" + Arrays.toString(kernel) + ", stride=" + Arrays.toString(stride) + ")";
    }
}
