package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Power-average pooling ({@code torch.nn.LPPool1d} and {@code LPPool2d}, from the factories): {@code (sum over
 * the window of x^p)^(1/p)}, written over average pooling as {@code F.lp_pool1d}/{@code F.lp_pool2d} are (the
 * stride defaults to the kernel size, no padding).
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
        Tensor powered = input.pow(Scalar.of(normType));
        Tensor out = kernel.length == 1
                ? Torch.avg_pool1d(powered, kernel, stride, new long[] {0}, ceilMode, true)
                : Torch.avg_pool2d(powered, kernel, stride, new long[] {0}, ceilMode, true, null);
        long area = 1;
        for (long k : kernel) {
            area *= k;
        }
        return Torch.sign(out).mul(Torch.relu(out.abs())).mul(Scalar.of(area)).pow(Scalar.of(1.0 / normType));
    }

    @Override
    public String toString() {
        return "LPPool" + kernel.length + "d(norm_type=" + normType + ", kernel_size=" + Arrays.toString(kernel)
                + ", stride=" + Arrays.toString(stride) + ", ceil_mode=" + (ceilMode ? "True" : "False") + ")";
    }
}
