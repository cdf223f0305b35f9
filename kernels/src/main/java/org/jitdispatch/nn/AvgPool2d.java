package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/** 2-D average pooling ({@code torch.nn.AvgPool2d}); the stride defaults to the kernel size. */
public final class AvgPool2d extends Module {
    /** The arguments were given as single ints (else as tuples): PyTorch prints them as given. */
    private final boolean givenAsInt;
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final boolean ceilMode;
    private final boolean countIncludePad;

    public AvgPool2d(long kernel) {
        this(new long[] {kernel, kernel}, new long[] {kernel, kernel}, new long[] {0, 0}, false, true, true);
    }

    public AvgPool2d(long[] kernel, long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad) {
        this(kernel, stride, padding, ceilMode, countIncludePad, false);
    }

    private AvgPool2d(long[] kernel, long[] stride, long[] padding, boolean ceilMode, boolean countIncludePad,
            boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
        this.ceilMode = ceilMode;
        this.countIncludePad = countIncludePad;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.avg_pool2d(input, kernel, stride, padding, ceilMode, countIncludePad, null);
    }

    @Override
    protected String extraRepr() {
        return "kernel_size=" + PyRepr.intOrTuple(kernel, givenAsInt) + ", stride="
                + PyRepr.intOrTuple(stride, givenAsInt) + ", padding=" + PyRepr.intOrTuple(padding, givenAsInt);
    }
}
