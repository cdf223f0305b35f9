package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * 1-D max, average and adaptive pooling as PyTorch 1.13 writes them: the 2-D operator over the input with a
 * height of 1 ({@code unsqueeze(-2)}), then that dim squeezed out, after ATen's 1-D checks and messages.
 * Autograd differentiates through the 2-D operators.
 */
public final class Pooling1d implements Pooling1dDeclarations {

    @Override
    public Tensor[] max_pool1d_with_indices(Tensor self, long[] kernelSize, long[] stride, long[] padding,
            long[] dilation, boolean ceilMode) {
        long[] s = checkMaxPool1d(self, kernelSize, stride, padding, dilation, ceilMode);
        Tensor[] pooled = Torch.max_pool2d_with_indices(self.unsqueeze(-2), new long[] {1, kernelSize[0]},
                new long[] {1, s[0]}, new long[] {0, padding[0]}, new long[] {1, dilation[0]}, ceilMode);
        return new Tensor[] {pooled[0].squeeze(-2), pooled[1].squeeze(-2)};
    }

    @Override
    public Tensor max_pool1d(Tensor self, long[] kernelSize, long[] stride, long[] padding, long[] dilation,
            boolean ceilMode) {
        long[] strideAndWidth = checkMaxPool1d(self, kernelSize, stride, padding, dilation, ceilMode);
        if (!self.dtype().isFloatingPoint()) {
            // ATen's max_pool1d_impl (taken when no gradient is needed) has floating loops only
            throw Elementwise.notImplemented("max_pool1d_impl", self.dtype());
        }
        if (strideAndWidth[1] == 0) {
            // ATen's own max_pool1d kernel gives an empty result here (max_pool1d_with_indices refuses it)
            long[] sizes = self.sizes().clone();
            sizes[sizes.length - 1] = 0;
            return Torch.empty(sizes, self.dtype(), null, self.device(), null, null);
        }
        return Torch.max_pool1d_with_indices(self, kernelSize, stride, padding, dilation, ceilMode)[0];
    }

    /** check_max_pool1d; the stride (the kernel size when none is given) and the output width. */
    private static long[] checkMaxPool1d(Tensor self, long[] kernelSize, long[] stride, long[] padding,
            long[] dilation, boolean ceilMode) {
        if (self.dim() != 2 && self.dim() != 3) {
            throw new IllegalArgumentException("max_pool1d: Expected 2D or 3D (batch mode) tensor with optional 0 dim"
                    + " batch size for input, but got:" + java.util.Arrays.toString(self.sizes()));
        }
        if (kernelSize.length != 1) {
            throw new IllegalArgumentException("max_pool1d() kernel_size must be an int, list of ints or tuple of ints"
                    + " of size 1 but got size " + kernelSize.length);
        }
        if (stride.length != 0 && stride.length != 1) {
            throw new IllegalArgumentException("max_pool1d() stride must be None, an int, list of ints, or tuple of ints"
                    + " of size 1 but got size " + stride.length);
        }
        if (padding.length != 1) {
            throw new IllegalArgumentException("max_pool1d() padding must be an int, list of ints, or tuple of ints of"
                    + " size 1 but got size " + padding.length);
        }
        if (dilation.length != 1) {
            throw new IllegalArgumentException("max_pool1d() dilation must be an int, list of ints or tuple of ints of"
                    + " size 1 but got size " + dilation.length);
        }
        long[] s = stride.length == 0 ? kernelSize : stride;
        if (kernelSize[0] <= 0) {
            throw new IllegalArgumentException("max_pool1d() kernel_size must be greater than zero, but got "
                    + kernelSize[0]);
        }
        if (s[0] <= 0) {
            throw new IllegalArgumentException("max_pool1d() stride must be greater than zero, but got " + s[0]);
        }
        if (padding[0] < 0) {
            throw new IllegalArgumentException("max_pool1d() padding must be non-negative, but got " + padding[0]);
        }
        if (padding[0] > kernelSize[0] / 2) {
            throw new IllegalArgumentException("max_pool1d() padding should be at most half of kernel size, but got"
                    + " padding=" + padding[0] + " and kernel_size=" + kernelSize[0]);
        }
        if (dilation[0] <= 0) {
            throw new IllegalArgumentException("max_pool1d() dilation must be greater than zero, but got " + dilation[0]);
        }
        long width = self.size(-1);
        long span = dilation[0] * (kernelSize[0] - 1) + 1;
        long numerator = width + 2 * padding[0] - span + (ceilMode ? s[0] - 1 : 0);
        long out = Math.floorDiv(numerator, s[0]) + 1;
        if (ceilMode && (out - 1) * s[0] >= width + padding[0]) {
            out--;
        }
        if (out < 0) {
            throw new IllegalArgumentException("max_pool1d() Invalid computed output size: " + out);
        }
        return new long[] {s[0], out};
    }

    @Override
    public Tensor avg_pool1d(Tensor self, long[] kernelSize, long[] stride, long[] padding, boolean ceilMode,
            boolean countIncludePad) {
        long[] s = stride.length == 0 ? kernelSize : stride;
        checkDimRange(self, "avg_pool1d");
        check1d("avg_pool1d", "kernel_size", kernelSize);
        check1d("avg_pool1d", "stride", s);
        check1d("avg_pool1d", "padding", padding);
        Tensor output = Torch.avg_pool2d(self.unsqueeze(-2), new long[] {1, kernelSize[0]}, new long[] {1, s[0]},
                new long[] {0, padding[0]}, ceilMode, countIncludePad, null);
        return output.squeeze(-2);
    }

    @Override
    public Tensor adaptive_avg_pool1d(Tensor self, long[] outputSize) {
        checkDimRange(self, "adaptive_avg_pool1d");
        check1d("adaptive_avg_pool1d", "output_size", outputSize);
        return Torch.adaptive_avg_pool2d(self.unsqueeze(-2), new long[] {1, outputSize[0]}).squeeze(-2);
    }

    @Override
    public Tensor[] adaptive_max_pool1d(Tensor self, long[] outputSize) {
        checkDimRange(self, "adaptive_max_pool1d");
        check1d("adaptive_max_pool1d", "output_size", outputSize);
        Tensor[] pooled = Torch.adaptive_max_pool2d(self.unsqueeze(-2), new long[] {1, outputSize[0]});
        return new Tensor[] {pooled[0].squeeze(-2), pooled[1].squeeze(-2)};
    }

    /** checkDimRange(..., 2, 4): a 2-D or 3-D input. */
    private static void checkDimRange(Tensor self, String op) {
        if (self.dim() < 2 || self.dim() >= 4) {
            throw new IllegalArgumentException("Expected 2 to 3 dimensions, but got " + self.dim()
                    + "-dimensional tensor for argument #1 'self' (while checking arguments for " + op + ")");
        }
    }

    private static void check1d(String op, String arg, long[] values) {
        if (values.length != 1) {
            throw new IllegalArgumentException(op + "() argument '" + arg + "' should contain one int (got "
                    + values.length + ")");
        }
    }
}
