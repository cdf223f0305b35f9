package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;

/**
 * 3-D average pooling ({@code torch.nn.AvgPool3d}) over {@code [N, C, T, H, W]}; the stride defaults to the
 * kernel size, and the padding counts in the average unless {@code countIncludePad} is false.
 */
public final class AvgPool3d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final boolean ceilMode;
    private final boolean countIncludePad;
    private final Long divisorOverride;

    public AvgPool3d(long kernel) {
        this(new long[] {kernel, kernel, kernel}, new long[] {kernel, kernel, kernel}, new long[] {0, 0, 0}, false,
                true, null);
    }

    public AvgPool3d(long[] kernel, long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad,
            Long divisorOverride) {
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
        this.ceilMode = ceilMode;
        this.countIncludePad = countIncludePad;
        this.divisorOverride = divisorOverride;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.avg_pool3d(input, kernel, stride, padding, ceilMode, countIncludePad, divisorOverride);
    }

    @Override
    public String toString() {
        return "AvgPool3d(kernel_size=" + Arrays.toString(kernel) + ", stride=" + Arrays.toString(stride) + ")";
    }
}
