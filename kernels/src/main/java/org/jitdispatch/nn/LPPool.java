package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Power-average pooling ({@code torch.nn.LPPool1d} and {@code LPPool2d}, from the factories): {@code (sum over
 * the window of x^p)^(1/p)}, computed by {@link Functional#lp_pool1d} and {@link Functional#lp_pool2d} over
 * average pooling (the stride defaults to the kernel size, no padding).
 */
public final class LPPool extends Module {
    private final double normType;
    private final long[] kernel;
    private final long[] stride;
    private final boolean ceilMode;
    /** The kernel size and stride were given as ints (else as tuples), and whether a stride was given at all. */
    private final boolean givenAsInt;
    private final boolean strideGiven;

    private LPPool(double normType, long[] kernel, long[] stride, boolean ceilMode, boolean givenAsInt) {
        this.givenAsInt = givenAsInt;
        this.strideGiven = stride != null;
        this.normType = normType;
        this.kernel = kernel.clone();
        this.stride = stride == null ? kernel.clone() : stride.clone();
        this.ceilMode = ceilMode;
    }

    /** {@code nn.LPPool1d(norm_type, kernel_size)}. */
    public static LPPool lpPool1d(double normType, long kernel) {
        return new LPPool(normType, new long[] {kernel}, null, false, true);
    }

    public static LPPool lpPool1d(double normType, long kernel, long stride, boolean ceilMode) {
        return new LPPool(normType, new long[] {kernel}, new long[] {stride}, ceilMode, true);
    }

    /** {@code nn.LPPool2d(norm_type, kernel_size)}. */
    public static LPPool lpPool2d(double normType, long kernel) {
        return new LPPool(normType, new long[] {kernel, kernel}, null, false, true);
    }

    public static LPPool lpPool2d(double normType, long[] kernel, long[] stride, boolean ceilMode) {
        return new LPPool(normType, kernel, stride, ceilMode, false);
    }

    @Override
    public Tensor forward(Tensor input) {
        return kernel.length == 1 ? Functional.lp_pool1d(input, normType, kernel[0], stride[0], ceilMode)
                : Functional.lp_pool2d(input, normType, kernel, stride, ceilMode);
    }

    @Override
    protected String reprName() {
        return "LPPool" + kernel.length + "d";
    }

    @Override
    protected String extraRepr() {
        return "norm_type=" + PyRepr.of(normType) + ", kernel_size=" + PyRepr.intOrTuple(kernel, givenAsInt)
                + ", stride=" + (strideGiven ? PyRepr.intOrTuple(stride, givenAsInt) : "None") + ", ceil_mode="
                + PyRepr.of(ceilMode);
    }
}
