package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;

/**
 * The layers of {@code torch.nn.functional} (linear maps, convolutions, pooling, normalization, embedding);
 * reach them through {@link Functional}. Sizes are arrays, one per spatial dim or a single one for all, as
 * PyTorch's int-or-tuple arguments; a null stride is PyTorch's None (the kernel size).
 */
abstract class LayerFunctions extends LossFunctions {
    private static final long[] NONE = new long[0];

    LayerFunctions() {
    }

    // ---- linear maps ----

    /** {@code F.linear(input, weight)}: {@code input @ weight^T}. */
    public static Tensor linear(Tensor input, Tensor weight) {
        return Torch.linear(input, weight);
    }

    /** {@code F.linear(input, weight, bias)}: {@code input @ weight^T + bias}; a null bias is none. */
    public static Tensor linear(Tensor input, Tensor weight, Tensor bias) {
        return Torch.linear(input, weight, bias);
    }

    /** {@code F.bilinear(input1, input2, weight, bias)}: {@code x1^T A x2 + b} per output feature. */
    public static Tensor bilinear(Tensor input1, Tensor input2, Tensor weight, Tensor bias) {
        return Torch.bilinear(input1, input2, weight, bias);
    }

    // ---- convolutions ----

    /** {@code F.conv1d(input, weight)}. */
    public static Tensor conv1d(Tensor input, Tensor weight) {
        return Torch.conv1d(input, weight);
    }

    /** {@code F.conv1d(input, weight, bias)}: stride 1, no padding. */
    public static Tensor conv1d(Tensor input, Tensor weight, Tensor bias) {
        return Torch.conv1d(input, weight, bias);
    }

    /** {@code F.conv1d(input, weight, bias, stride, padding)}: dilation 1, one group. */
    public static Tensor conv1d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding) {
        return Torch.conv1d(input, weight, bias, stride, padding);
    }

    /** {@code F.conv1d(input, weight, bias, stride, padding, dilation, groups)}. */
    public static Tensor conv1d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] dilation, long groups) {
        return Torch.conv1d(input, weight, bias, stride, padding, dilation, groups);
    }

    /** {@code F.conv1d} with {@code padding="valid"} or {@code "same"}. */
    public static Tensor conv1d(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding,
            long[] dilation, long groups) {
        return Torch.conv1d(input, weight, bias, stride, padding, dilation, groups);
    }

    /** {@code F.conv2d(input, weight)}. */
    public static Tensor conv2d(Tensor input, Tensor weight) {
        return Torch.conv2d(input, weight);
    }

    /** {@code F.conv2d(input, weight, bias)}: stride 1, no padding. */
    public static Tensor conv2d(Tensor input, Tensor weight, Tensor bias) {
        return Torch.conv2d(input, weight, bias);
    }

    /** {@code F.conv2d(input, weight, bias, stride, padding)}: dilation 1, one group. */
    public static Tensor conv2d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding) {
        return Torch.conv2d(input, weight, bias, stride, padding);
    }

    /** {@code F.conv2d(input, weight, bias, stride, padding, dilation, groups)}. */
    public static Tensor conv2d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] dilation, long groups) {
        return Torch.conv2d(input, weight, bias, stride, padding, dilation, groups);
    }

    /** {@code F.conv2d} with {@code padding="valid"} or {@code "same"}. */
    public static Tensor conv2d(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding,
            long[] dilation, long groups) {
        return Torch.conv2d(input, weight, bias, stride, padding, dilation, groups);
    }

    /** {@code F.conv3d(input, weight)}. */
    public static Tensor conv3d(Tensor input, Tensor weight) {
        return Torch.conv3d(input, weight);
    }

    /** {@code F.conv3d(input, weight, bias)}: stride 1, no padding. */
    public static Tensor conv3d(Tensor input, Tensor weight, Tensor bias) {
        return Torch.conv3d(input, weight, bias);
    }

    /** {@code F.conv3d(input, weight, bias, stride, padding)}: dilation 1, one group. */
    public static Tensor conv3d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding) {
        return Torch.conv3d(input, weight, bias, stride, padding);
    }

    /** {@code F.conv3d(input, weight, bias, stride, padding, dilation, groups)}. */
    public static Tensor conv3d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] dilation, long groups) {
        return Torch.conv3d(input, weight, bias, stride, padding, dilation, groups);
    }

    /** {@code F.conv3d} with {@code padding="valid"} or {@code "same"}. */
    public static Tensor conv3d(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding,
            long[] dilation, long groups) {
        return Torch.conv3d(input, weight, bias, stride, padding, dilation, groups);
    }

    /** {@code F.conv_transpose1d(input, weight)}. */
    public static Tensor conv_transpose1d(Tensor input, Tensor weight) {
        return Torch.conv_transpose1d(input, weight);
    }

    /** {@code F.conv_transpose1d(input, weight, bias, stride, padding)}: no output padding, one group. */
    public static Tensor conv_transpose1d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding) {
        return Torch.conv_transpose1d(input, weight, bias, stride, padding);
    }

    /** {@code F.conv_transpose1d(input, weight, bias, stride, padding, output_padding, groups, dilation)}. */
    public static Tensor conv_transpose1d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return Torch.conv_transpose1d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }

    /** {@code F.conv_transpose2d(input, weight)}. */
    public static Tensor conv_transpose2d(Tensor input, Tensor weight) {
        return Torch.conv_transpose2d(input, weight);
    }

    /** {@code F.conv_transpose2d(input, weight, bias, stride, padding)}: no output padding, one group. */
    public static Tensor conv_transpose2d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding) {
        return Torch.conv_transpose2d(input, weight, bias, stride, padding);
    }

    /** {@code F.conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation)}. */
    public static Tensor conv_transpose2d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return Torch.conv_transpose2d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }

    /** {@code F.conv_transpose3d(input, weight)}. */
    public static Tensor conv_transpose3d(Tensor input, Tensor weight) {
        return Torch.conv_transpose3d(input, weight);
    }

    /** {@code F.conv_transpose3d(input, weight, bias, stride, padding)}: no output padding, one group. */
    public static Tensor conv_transpose3d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding) {
        return Torch.conv_transpose3d(input, weight, bias, stride, padding);
    }

    /** {@code F.conv_transpose3d(input, weight, bias, stride, padding, output_padding, groups, dilation)}. */
    public static Tensor conv_transpose3d(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return Torch.conv_transpose3d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }

    // ---- max pooling ----

    /** {@code F.max_pool1d(input, kernel_size)}: stride the kernel size, no padding. */
    public static Tensor max_pool1d(Tensor input, long... kernelSize) {
        return Torch.max_pool1d(input, kernelSize);
    }

    /** {@code F.max_pool1d(input, kernel_size, stride, padding)}: a null stride is the kernel size. */
    public static Tensor max_pool1d(Tensor input, long[] kernelSize, long[] stride, long[] padding) {
        return max_pool1d(input, kernelSize, stride, padding, new long[] {1}, false);
    }

    /** {@code F.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode)}. */
    public static Tensor max_pool1d(Tensor input, long[] kernelSize, long[] stride, long[] padding, long[] dilation,
            boolean ceilMode) {
        return Torch.max_pool1d(input, kernelSize, orNone(stride), padding, dilation, ceilMode);
    }

    /** {@code F.max_pool1d(..., return_indices=True)}: the output and the flat index of each maximum. */
    public static Tensor[] max_pool1d_with_indices(Tensor input, long[] kernelSize, long[] stride, long[] padding,
            long[] dilation, boolean ceilMode) {
        return Torch.max_pool1d_with_indices(input, kernelSize, orNone(stride), padding, dilation, ceilMode);
    }

    /** {@code F.max_pool2d(input, kernel_size)}: stride the kernel size, no padding. */
    public static Tensor max_pool2d(Tensor input, long... kernelSize) {
        return Torch.max_pool2d(input, kernelSize);
    }

    /** {@code F.max_pool2d(input, kernel_size, stride, padding)}: a null stride is the kernel size. */
    public static Tensor max_pool2d(Tensor input, long[] kernelSize, long[] stride, long[] padding) {
        return max_pool2d(input, kernelSize, stride, padding, new long[] {1}, false);
    }

    /** {@code F.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode)}. */
    public static Tensor max_pool2d(Tensor input, long[] kernelSize, long[] stride, long[] padding, long[] dilation,
            boolean ceilMode) {
        return Torch.max_pool2d(input, kernelSize, orNone(stride), padding, dilation, ceilMode);
    }

    /** {@code F.max_pool2d(..., return_indices=True)}: the output and the flat index of each maximum. */
    public static Tensor[] max_pool2d_with_indices(Tensor input, long[] kernelSize, long[] stride, long[] padding,
            long[] dilation, boolean ceilMode) {
        return Torch.max_pool2d_with_indices(input, kernelSize, orNone(stride), padding, dilation, ceilMode);
    }

    /** {@code F.max_pool3d(input, kernel_size)}: stride the kernel size, no padding. */
    public static Tensor max_pool3d(Tensor input, long... kernelSize) {
        return Torch.max_pool3d(input, kernelSize);
    }

    /** {@code F.max_pool3d(input, kernel_size, stride, padding)}: a null stride is the kernel size. */
    public static Tensor max_pool3d(Tensor input, long[] kernelSize, long[] stride, long[] padding) {
        return max_pool3d(input, kernelSize, stride, padding, new long[] {1}, false);
    }

    /** {@code F.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode)}. */
    public static Tensor max_pool3d(Tensor input, long[] kernelSize, long[] stride, long[] padding, long[] dilation,
            boolean ceilMode) {
        return Torch.max_pool3d(input, kernelSize, orNone(stride), padding, dilation, ceilMode);
    }

    /** {@code F.max_pool3d(..., return_indices=True)}: the output and the flat index of each maximum. */
    public static Tensor[] max_pool3d_with_indices(Tensor input, long[] kernelSize, long[] stride, long[] padding,
            long[] dilation, boolean ceilMode) {
        return Torch.max_pool3d_with_indices(input, kernelSize, orNone(stride), padding, dilation, ceilMode);
    }

    /** {@code F.max_unpool1d(input, indices, kernel_size)}: stride the kernel size, no padding. */
    public static Tensor max_unpool1d(Tensor input, Tensor indices, long kernelSize) {
        return max_unpool1d(input, indices, kernelSize, null, 0, null);
    }

    /**
     * {@code F.max_unpool1d(input, indices, kernel_size, stride, padding, output_size)}: over max_unpool2d with a
     * trailing dim of 1. A null stride is the kernel size; a null output size the pooling's inverse.
     */
    public static Tensor max_unpool1d(Tensor input, Tensor indices, long kernelSize, Long stride, long padding,
            long[] outputSize) {
        long[] kernel = {kernelSize};
        long[] size = unpoolOutputSize(input, kernel, stride == null ? kernel : new long[] {stride},
                new long[] {padding}, outputSize);
        long[] withUnit = Arrays.copyOf(size, size.length + 1);
        withUnit[size.length] = 1;
        return Torch.max_unpool2d(input.unsqueeze(-1), indices.unsqueeze(-1), withUnit).squeeze(-1);
    }

    /** {@code F.max_unpool2d(input, indices, kernel_size)}: stride the kernel size, no padding. */
    public static Tensor max_unpool2d(Tensor input, Tensor indices, long... kernelSize) {
        return max_unpool2d(input, indices, kernelSize, null, new long[] {0}, null);
    }

    /**
     * {@code F.max_unpool2d(input, indices, kernel_size, stride, padding, output_size)}: each value put back where
     * the pooling's index says, zeros elsewhere.
     */
    public static Tensor max_unpool2d(Tensor input, Tensor indices, long[] kernelSize, long[] stride, long[] padding,
            long[] outputSize) {
        long[] kernel = tuple(kernelSize, 2);
        long[] size = unpoolOutputSize(input, kernel, stride == null ? kernel : tuple(stride, 2), tuple(padding, 2),
                outputSize);
        return Torch.max_unpool2d(input, indices, size);
    }

    /** {@code F.max_unpool3d(input, indices, kernel_size)}: stride the kernel size, no padding. */
    public static Tensor max_unpool3d(Tensor input, Tensor indices, long... kernelSize) {
        return max_unpool3d(input, indices, kernelSize, null, new long[] {0}, null);
    }

    /** {@code F.max_unpool3d(input, indices, kernel_size, stride, padding, output_size)}. */
    public static Tensor max_unpool3d(Tensor input, Tensor indices, long[] kernelSize, long[] stride, long[] padding,
            long[] outputSize) {
        long[] kernel = tuple(kernelSize, 3);
        long[] strides = stride == null ? kernel : tuple(stride, 3);
        long[] paddings = tuple(padding, 3);
        long[] size = unpoolOutputSize(input, kernel, strides, paddings, outputSize);
        return Torch.max_unpool3d(input, indices, size, strides, paddings);
    }

    /** {@code F.fractional_max_pool2d(input, kernel_size, output_size, output_ratio)}; see the indices form. */
    public static Tensor fractional_max_pool2d(Tensor input, long[] kernelSize, long[] outputSize,
            double[] outputRatio) {
        return fractional_max_pool2d_with_indices(input, kernelSize, outputSize, outputRatio)[0];
    }

    /**
     * {@code F.fractional_max_pool2d(..., return_indices=True)}: windows of {@code kernelSize} at pseudo-random
     * starts for an output of {@code outputSize}, or of the input's size times {@code outputRatio} (truncated; one
     * of the two may be null). Each plane's samples come from the default generator ({@code torch.rand(N, C, 2)}),
     * so a seeded run pools PyTorch's windows. PyTorch's private {@code _random_samples} is left out.
     */
    public static Tensor[] fractional_max_pool2d_with_indices(Tensor input, long[] kernelSize, long[] outputSize,
            double[] outputRatio) {
        return fractionalMaxPool(input, kernelSize, outputSize, outputRatio, 2);
    }

    /** {@code F.fractional_max_pool3d(input, kernel_size, output_size, output_ratio)}; see the indices form. */
    public static Tensor fractional_max_pool3d(Tensor input, long[] kernelSize, long[] outputSize,
            double[] outputRatio) {
        return fractional_max_pool3d_with_indices(input, kernelSize, outputSize, outputRatio)[0];
    }

    /** {@code F.fractional_max_pool3d(..., return_indices=True)}: as the 2-D form, over (T, H, W). */
    public static Tensor[] fractional_max_pool3d_with_indices(Tensor input, long[] kernelSize, long[] outputSize,
            double[] outputRatio) {
        return fractionalMaxPool(input, kernelSize, outputSize, outputRatio, 3);
    }

    private static Tensor[] fractionalMaxPool(Tensor input, long[] kernelSize, long[] outputSize,
            double[] outputRatio, int dims) {
        if (outputSize == null && outputRatio == null) {
            throw new IllegalArgumentException("fractional_max_pool" + dims + "d requires specifying either an"
                    + " output_size or an output_ratio");
        }
        long[] size;
        if (outputSize == null) {
            size = new long[dims];
            for (int d = 0; d < dims; d++) {
                double ratio = outputRatio.length == 1 ? outputRatio[0] : outputRatio[d];
                size[d] = (long) (input.size(d - dims) * ratio);
            }
        } else {
            size = tuple(outputSize, dims);
        }
        long batch = input.dim() == dims + 1 ? 1 : input.size(0);
        Tensor samples = Torch.rand(new long[] {batch, input.size(-dims - 1), dims}, input.dtype(), null,
                input.device());
        return dims == 2 ? Torch.fractional_max_pool2d(input, tuple(kernelSize, 2), size, samples)
                : Torch.fractional_max_pool3d(input, tuple(kernelSize, 3), size, samples);
    }

    // ---- average and power-average pooling ----

    /** {@code F.avg_pool1d(input, kernel_size)}. */
    public static Tensor avg_pool1d(Tensor input, long... kernelSize) {
        return Torch.avg_pool1d(input, kernelSize);
    }

    /** {@code F.avg_pool1d(input, kernel_size, stride, padding)}: a null stride is the kernel size. */
    public static Tensor avg_pool1d(Tensor input, long[] kernelSize, long[] stride, long[] padding) {
        return Torch.avg_pool1d(input, kernelSize, orNone(stride), padding);
    }

    /** {@code F.avg_pool1d(input, kernel_size, stride, padding, ceil_mode, count_include_pad)}. */
    public static Tensor avg_pool1d(Tensor input, long[] kernelSize, long[] stride, long[] padding, boolean ceilMode,
            boolean countIncludePad) {
        return Torch.avg_pool1d(input, kernelSize, orNone(stride), padding, ceilMode, countIncludePad);
    }

    /** {@code F.avg_pool2d(input, kernel_size)}. */
    public static Tensor avg_pool2d(Tensor input, long... kernelSize) {
        return Torch.avg_pool2d(input, kernelSize);
    }

    /** {@code F.avg_pool2d(input, kernel_size, stride, padding)}: a null stride is the kernel size. */
    public static Tensor avg_pool2d(Tensor input, long[] kernelSize, long[] stride, long[] padding) {
        return Torch.avg_pool2d(input, kernelSize, orNone(stride), padding);
    }

    /**
     * {@code F.avg_pool2d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)}:
     * a null divisor is the window's size.
     */
    public static Tensor avg_pool2d(Tensor input, long[] kernelSize, long[] stride, long[] padding, boolean ceilMode,
            boolean countIncludePad, Long divisorOverride) {
        return Torch.avg_pool2d(input, kernelSize, orNone(stride), padding, ceilMode, countIncludePad,
                divisorOverride);
    }

    /** {@code F.avg_pool3d(input, kernel_size)}. */
    public static Tensor avg_pool3d(Tensor input, long... kernelSize) {
        return Torch.avg_pool3d(input, kernelSize);
    }

    /** {@code F.avg_pool3d(input, kernel_size, stride, padding)}: a null stride is the kernel size. */
    public static Tensor avg_pool3d(Tensor input, long[] kernelSize, long[] stride, long[] padding) {
        return Torch.avg_pool3d(input, kernelSize, orNone(stride), padding);
    }

    /** {@code F.avg_pool3d(input, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)}. */
    public static Tensor avg_pool3d(Tensor input, long[] kernelSize, long[] stride, long[] padding, boolean ceilMode,
            boolean countIncludePad, Long divisorOverride) {
        return Torch.avg_pool3d(input, kernelSize, orNone(stride), padding, ceilMode, countIncludePad,
                divisorOverride);
    }

    /** {@code F.lp_pool1d(input, norm_type, kernel_size)}: stride the kernel size. */
    public static Tensor lp_pool1d(Tensor input, double normType, long kernelSize) {
        return lp_pool1d(input, normType, kernelSize, null, false);
    }

    /**
     * {@code F.lp_pool1d(input, norm_type, kernel_size, stride, ceil_mode)}: {@code (sum over the window of
     * x^p)^(1/p)}, over average pooling; a null stride is the kernel size.
     */
    public static Tensor lp_pool1d(Tensor input, double normType, long kernelSize, Long stride, boolean ceilMode) {
        long[] kernel = {kernelSize};
        Tensor powered = input.pow(Scalar.of(normType));
        Tensor out = stride != null
                ? Torch.avg_pool1d(powered, kernel, new long[] {stride}, new long[] {0}, ceilMode)
                : Torch.avg_pool1d(powered, kernel, NONE, new long[] {0}, ceilMode);
        return lpRoot(out, kernelSize, normType);
    }

    /** {@code F.lp_pool2d(input, norm_type, kernel_size)}: stride the kernel size. */
    public static Tensor lp_pool2d(Tensor input, double normType, long... kernelSize) {
        return lp_pool2d(input, normType, kernelSize, null, false);
    }

    /** {@code F.lp_pool2d(input, norm_type, kernel_size, stride, ceil_mode)}; a null stride is the kernel size. */
    public static Tensor lp_pool2d(Tensor input, double normType, long[] kernelSize, long[] stride,
            boolean ceilMode) {
        long[] kernel = tuple(kernelSize, 2);
        Tensor out = Torch.avg_pool2d(input.pow(Scalar.of(normType)), kernelSize, orNone(stride), new long[] {0},
                ceilMode);
        return lpRoot(out, kernel[0] * kernel[1], normType);
    }

    /** {@code (sign(out) * relu(|out|)).mul(area).pow(1 / p)}, the end of F.lp_pool1d and lp_pool2d. */
    private static Tensor lpRoot(Tensor out, long area, double normType) {
        return Torch.sign(out).mul(relu(Torch.abs(out))).mul(Scalar.of(area)).pow(Scalar.of(1.0 / normType));
    }

    // ---- adaptive pooling (one output size for every spatial dim, or one per dim) ----

    /** {@code F.adaptive_avg_pool1d(input, output_size)}. */
    public static Tensor adaptive_avg_pool1d(Tensor input, long... outputSize) {
        return Torch.adaptive_avg_pool1d(input, tuple(outputSize, 1));
    }

    /** {@code F.adaptive_avg_pool2d(input, output_size)}. */
    public static Tensor adaptive_avg_pool2d(Tensor input, long... outputSize) {
        return Torch.adaptive_avg_pool2d(input, tuple(outputSize, 2));
    }

    /** {@code F.adaptive_avg_pool3d(input, output_size)}. */
    public static Tensor adaptive_avg_pool3d(Tensor input, long... outputSize) {
        return Torch.adaptive_avg_pool3d(input, tuple(outputSize, 3));
    }

    /** {@code F.adaptive_max_pool1d(input, output_size)}. */
    public static Tensor adaptive_max_pool1d(Tensor input, long... outputSize) {
        return adaptive_max_pool1d_with_indices(input, outputSize)[0];
    }

    /** {@code F.adaptive_max_pool1d(input, output_size, return_indices=True)}: the output and the indices. */
    public static Tensor[] adaptive_max_pool1d_with_indices(Tensor input, long... outputSize) {
        return Torch.adaptive_max_pool1d(input, tuple(outputSize, 1));
    }

    /** {@code F.adaptive_max_pool2d(input, output_size)}. */
    public static Tensor adaptive_max_pool2d(Tensor input, long... outputSize) {
        return adaptive_max_pool2d_with_indices(input, outputSize)[0];
    }

    /** {@code F.adaptive_max_pool2d(input, output_size, return_indices=True)}: the output and the indices. */
    public static Tensor[] adaptive_max_pool2d_with_indices(Tensor input, long... outputSize) {
        return Torch.adaptive_max_pool2d(input, tuple(outputSize, 2));
    }

    /** {@code F.adaptive_max_pool3d(input, output_size)}. */
    public static Tensor adaptive_max_pool3d(Tensor input, long... outputSize) {
        return adaptive_max_pool3d_with_indices(input, outputSize)[0];
    }

    /** {@code F.adaptive_max_pool3d(input, output_size, return_indices=True)}: the output and the indices. */
    public static Tensor[] adaptive_max_pool3d_with_indices(Tensor input, long... outputSize) {
        return Torch.adaptive_max_pool3d(input, tuple(outputSize, 3));
    }

    // ---- normalization ----

    /** {@code F.batch_norm(input, running_mean, running_var)}: eval mode, normalized by the running statistics. */
    public static Tensor batch_norm(Tensor input, Tensor runningMean, Tensor runningVar) {
        return batch_norm(input, runningMean, runningVar, null, null, false, 0.1, 1e-5);
    }

    /** {@code F.batch_norm(input, running_mean, running_var, weight, bias, training)}: momentum 0.1, eps 1e-5. */
    public static Tensor batch_norm(Tensor input, Tensor runningMean, Tensor runningVar, Tensor weight, Tensor bias,
            boolean training) {
        return batch_norm(input, runningMean, runningVar, weight, bias, training, 0.1, 1e-5);
    }

    /**
     * {@code F.batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps)}: in training
     * the batch's statistics, which also update the running ones (if given) in place.
     */
    public static Tensor batch_norm(Tensor input, Tensor runningMean, Tensor runningVar, Tensor weight, Tensor bias,
            boolean training, double momentum, double eps) {
        if (training) {
            NormChecks.verifyBatchSize(input.sizes(), NormChecks.torchSize(input.sizes()));
        }
        return Torch.batch_norm(input, weight, bias, runningMean, runningVar, training, momentum, eps, true);
    }

    /** {@code F.instance_norm(input)}: each (sample, channel) by its own statistics. */
    public static Tensor instance_norm(Tensor input) {
        return instance_norm(input, null, null, null, null, true, 0.1, 1e-5);
    }

    /** {@code F.instance_norm(input, running_mean, running_var, weight, bias, use_input_stats, momentum, eps)}. */
    public static Tensor instance_norm(Tensor input, Tensor runningMean, Tensor runningVar, Tensor weight,
            Tensor bias, boolean useInputStats, double momentum, double eps) {
        if (useInputStats) {
            NormChecks.verifySpatialSize(input.sizes());
        }
        return Torch.instance_norm(input, weight, bias, runningMean, runningVar, useInputStats, momentum, eps, true);
    }

    /** {@code F.layer_norm(input, normalized_shape)}: over the trailing dims, without affine parameters. */
    public static Tensor layer_norm(Tensor input, long... normalizedShape) {
        return layer_norm(input, normalizedShape, null, null, 1e-5);
    }

    /** {@code F.layer_norm(input, normalized_shape, weight, bias)}: eps 1e-5. */
    public static Tensor layer_norm(Tensor input, long[] normalizedShape, Tensor weight, Tensor bias) {
        return layer_norm(input, normalizedShape, weight, bias, 1e-5);
    }

    /** {@code F.layer_norm(input, normalized_shape, weight, bias, eps)}. */
    public static Tensor layer_norm(Tensor input, long[] normalizedShape, Tensor weight, Tensor bias, double eps) {
        return Torch.layer_norm(input, normalizedShape, weight, bias, eps, true);
    }

    /** {@code F.group_norm(input, num_groups)}: without affine parameters. */
    public static Tensor group_norm(Tensor input, long numGroups) {
        return group_norm(input, numGroups, null, null, 1e-5);
    }

    /** {@code F.group_norm(input, num_groups, weight, bias)}: eps 1e-5. */
    public static Tensor group_norm(Tensor input, long numGroups, Tensor weight, Tensor bias) {
        return group_norm(input, numGroups, weight, bias, 1e-5);
    }

    /** {@code F.group_norm(input, num_groups, weight, bias, eps)}: statistics per (sample, group of channels). */
    public static Tensor group_norm(Tensor input, long numGroups, Tensor weight, Tensor bias, double eps) {
        long[] sizes = input.sizes();
        long[] grouped = new long[Math.max(2, sizes.length)];
        grouped[0] = input.size(0) * input.size(1) / numGroups;
        grouped[1] = numGroups;
        System.arraycopy(sizes, 2, grouped, 2, sizes.length - 2);
        NormChecks.verifyBatchSize(grouped, Arrays.toString(grouped));
        return Torch.group_norm(input, numGroups, weight, bias, eps, true);
    }

    /** {@code F.local_response_norm(input, size)}: alpha 1e-4, beta 0.75, k 1. */
    public static Tensor local_response_norm(Tensor input, long size) {
        return local_response_norm(input, size, 1e-4, 0.75, 1.0);
    }

    /**
     * {@code F.local_response_norm(input, size, alpha, beta, k)}: each element divided by {@code (k + alpha *
     * mean of the squares of the size channels around it)^beta}, over average pooling of the zero-padded squares.
     */
    public static Tensor local_response_norm(Tensor input, long size, double alpha, double beta, double k) {
        int dim = input.dim();
        if (dim < 3) {
            throw new IllegalArgumentException("Expected 3D or higher dimensionality                          input"
                    + " (got " + dim + " dimensions)");
        }
        if (input.numel() == 0) {
            return input;
        }
        Tensor div = input.mul(input).unsqueeze(1);
        if (dim == 3) {
            div = Torch.pad(div, new long[] {0, 0, size / 2, (size - 1) / 2});
            div = Torch.avg_pool2d(div, new long[] {size, 1}, 1).squeeze(1);
        } else {
            long[] sizes = input.sizes();
            div = div.view(sizes[0], 1, sizes[1], sizes[2], -1);
            div = Torch.pad(div, new long[] {0, 0, 0, 0, size / 2, (size - 1) / 2});
            div = Torch.avg_pool3d(div, new long[] {size, 1, 1}, 1).squeeze(1);
            div = div.view(sizes);
        }
        div = div.mul(Scalar.of(alpha)).add(Scalar.of(k)).pow(Scalar.of(beta));
        return input.div(div);
    }

    // ---- embedding ----

    /** {@code F.embedding(input, weight)}: the rows of {@code weight} that {@code input} indexes. */
    public static Tensor embedding(Tensor input, Tensor weight) {
        return embedding(input, weight, null, null, 2.0, false, false);
    }

    /**
     * {@code F.embedding(input, weight, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse)}: the row of
     * {@code paddingIdx} (negative counts from the end) gets no gradient; with a {@code maxNorm}, the rows read
     * are first scaled down to that {@code normType}-norm, in place and outside autograd, as PyTorch does.
     */
    public static Tensor embedding(Tensor input, Tensor weight, Long paddingIdx, Double maxNorm, double normType,
            boolean scaleGradByFreq, boolean sparse) {
        long padding = -1;
        if (paddingIdx != null) {
            long rows = weight.size(0);
            if (paddingIdx >= rows || paddingIdx < -rows) {
                throw new IllegalArgumentException("Padding_idx must be within num_embeddings");
            }
            padding = paddingIdx < 0 ? rows + paddingIdx : paddingIdx;
        }
        if (maxNorm != null) {
            input = input.contiguous();
            try (NoGrad g = NoGrad.enter()) {
                Torch.embedding_renorm_(weight, input, maxNorm, normType);
            }
        }
        return Torch.embedding(weight, input, padding, scaleGradByFreq, sparse);
    }

    /** {@code F.embedding_bag(input, weight)}: the mean of each row of a 2-D {@code input}'s embeddings. */
    public static Tensor embedding_bag(Tensor input, Tensor weight) {
        return embedding_bag(input, weight, null, null, 2.0, "mean", null, false, null);
    }

    /** {@code F.embedding_bag(input, weight, offsets, mode=mode)}: a 1-D {@code input} cut into bags at offsets. */
    public static Tensor embedding_bag(Tensor input, Tensor weight, Tensor offsets, String mode) {
        return embedding_bag(input, weight, offsets, null, 2.0, mode, null, false, null);
    }

    /**
     * {@code F.embedding_bag(input, weight, offsets, max_norm, norm_type, mode=mode,
     * per_sample_weights=perSampleWeights, include_last_offset=includeLastOffset, padding_idx=paddingIdx)}: sums
     * ({@code "sum"}), means ({@code "mean"}) or maxima ({@code "max"}) of bags of rows of {@code weight}, without
     * the rows of every index. A 2-D {@code input} is a batch of bags of equal length (no offsets); a 1-D one is cut
     * at {@code offsets} (with {@code includeLastOffset}, the last offset ends the last bag). {@code
     * perSampleWeights} scale each row in sum mode; an index equal to {@code paddingIdx} counts for nothing; an
     * empty bag gives zeros. Differs from PyTorch: there is no {@code embedding_bag} operator here, so the bags are
     * computed over index_select and index_add (max over max), which autograd records instead, and PyTorch's
     * {@code scale_grad_by_freq} and {@code sparse} are left out.
     */
    public static Tensor embedding_bag(Tensor input, Tensor weight, Tensor offsets, Double maxNorm, double normType,
            String mode, Tensor perSampleWeights, boolean includeLastOffset, Long paddingIdx) {
        return EmbeddingBags.embeddingBag(input, weight, offsets, maxNorm, normType, mode, perSampleWeights,
                includeLastOffset, paddingIdx);
    }

    /** {@code F.one_hot(tensor)}: as many classes as the largest index plus one. */
    public static Tensor one_hot(Tensor tensor) {
        return Torch.one_hot(tensor);
    }

    /** {@code F.one_hot(tensor, num_classes)}: int64 one-hot rows in a new last dim. */
    public static Tensor one_hot(Tensor tensor, long numClasses) {
        return Torch.one_hot(tensor, numClasses);
    }

    // ---- helpers ----

    /** A null stride as the empty list ATen takes for None (the kernel size). */
    private static long[] orNone(long[] stride) {
        return stride == null ? NONE : stride;
    }

    /** torch.nn.modules.utils' _pair/_triple: one size repeated, or the sizes as given. */
    static long[] tuple(long[] sizes, int n) {
        if (sizes.length == 1 && n > 1) {
            long[] out = new long[n];
            Arrays.fill(out, sizes[0]);
            return out;
        }
        return sizes.clone();
    }

    /** F._unpool_output_size: the pooling's inverse size, or the given one if a stride allows it. */
    private static long[] unpoolOutputSize(Tensor input, long[] kernel, long[] stride, long[] padding,
            long[] outputSize) {
        int n = kernel.length;
        long[] defaultSize = new long[n];
        for (int d = 0; d < n; d++) {
            defaultSize[d] = (input.size(input.dim() - n + d) - 1) * stride[d] + kernel[d] - 2 * padding[d];
        }
        if (outputSize == null) {
            return defaultSize;
        }
        long[] size = outputSize.length == n + 2 ? Arrays.copyOfRange(outputSize, 2, n + 2) : outputSize;
        if (size.length != n) {
            throw new IllegalArgumentException("output_size should be a sequence containing " + n + " or " + (n + 2)
                    + " elements, but it has a length of '" + size.length + "'");
        }
        for (int d = 0; d < n; d++) {
            long min = defaultSize[d] - stride[d];
            long max = defaultSize[d] + stride[d];
            if (!(min < size[d] && size[d] < max)) {
                throw new IllegalArgumentException("invalid output_size \"" + Arrays.toString(size) + "\" (dim " + d
                        + " must be between " + min + " and " + max + ")");
            }
        }
        return size.clone();
    }
}
