package org.jitdispatch.nn;

import java.util.Arrays;
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

    private LPPool(double normType, long[] kernel, long[] stride, boolean ceilMode) {
        this.normType = normType;
        this.kernel = kernel.clone();
        this.stride = stride == null ? kernel.clone() : stride.clone();
        this.ceilMode = ceilMode;
    }

    /** {@code nn.LPPool1d(norm_type, kernel_size)}. */
    public static LPPool lpPool1d(double normType, long kernel) {
        return new LPPool(normType, new long[] {kernel}, null, false);
    }

    public static LPPool lpPool1d(double normType, long kernel, long stride, boolean ceilMode) {
        return new LPPool(normType, new long[] {kernel}, new long[] {stride}, ceilMode);
    }

    /** {@code nn.LPPool2d(norm_type, kernel_size)}. */
    public static LPPool lpPool2d(double normType, long kernel) {
        return new LPPool(normType, new long[] {kernel, kernel}, null, false);
    }

    public static LPPool lpPool2d(double normType, long[] kernel, long[] stride, boolean ceilMode) {
        return new LPPool(normType, kernel, stride, ceilMode);
    }

    @Override
    public Tensor forward(Tensor input) {
        return kernel.length == 1 ? Functional.lp_pool1d(input, normType, kernel[0], stride[0], ceilMode)
                : Functional.lp_pool2d(input, normType, kernel, stride, ceilMode);
    }

    @Override
    public String toString() {
        return "LPPool" + kernel.length + "d(norm_type=" + normType + ", kernel_size=" + Arrays.toString(kernel)
                + ", stride=" + Arrays.toString(stride) + ", ceil_mode=" + (ceilMode ? "True" : "False") + ")";
    }
}
