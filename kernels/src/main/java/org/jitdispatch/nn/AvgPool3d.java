package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * 3-D average pooling ({@code torch.nn.AvgPool3d}) over {@code [N, C, T, H, W]}; the stride defaults to the
 * kernel size, and the padding counts in the average unless {@code countIncludePad} is false.
 */
public final class AvgPool3d extends Module {
    /** The arguments were given as single ints (else as tuples): PyTorch prints them as given. */
    private final boolean givenAsInt;
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final boolean ceilMode;
    private final boolean countIncludePad;
    private final Long divisorOverride;

    public AvgPool3d(long kernel) {
        this(new long[] {kernel, kernel, kernel}, new long[] {kernel, kernel, kernel}, new long[] {0, 0, 0}, false,
                true, null, true);
    }

    public AvgPool3d(long[] kernel, long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad,
            Long divisorOverride) {
        this(kernel, stride, padding, ceilMode, countIncludePad, divisorOverride, false);
    }

    private AvgPool3d(long[] kernel, long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad,
            Long divisorOverride, boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
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
    protected String extraRepr() {
        return "kernel_size=" + PyRepr.intOrTuple(kernel, givenAsInt) + ", stride="
                + PyRepr.intOrTuple(stride, givenAsInt) + ", padding=" + PyRepr.intOrTuple(padding, givenAsInt);
    }
}
