package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 2-D transposed convolution ({@code torch.nn.ConvTranspose2d}), the gradient of a {@link Conv2d} with
 * respect to its input: weight {@code [in, out / groups, kh, kw]} and bias {@code [out]}; see
 * {@link ConvTransposeNd}.
 */
public final class ConvTranspose2d extends ConvTransposeNd {
    /** A square kernel with stride 1 and no padding. */
    public ConvTranspose2d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0);
    }

    /** A square kernel, stride and padding. */
    public ConvTranspose2d(long in, long out, long kernel, long stride, long padding) {
        this(in, out, new long[] {kernel, kernel}, new long[] {stride, stride}, new long[] {padding, padding},
                new long[] {0, 0}, 1, true, new long[] {1, 1}, ScalarType.Float32, null);
    }

    /** PyTorch's arguments in its order: in, out, kernel_size, stride, padding, output_padding, groups, bias, dilation. */
    public ConvTranspose2d(long in, long out, long[] kernel, long[] stride, long[] padding, long[] outputPadding,
            long groups, boolean bias, long[] dilation, ScalarType dtype, Generator generator) {
        super("ConvTranspose2d", in, out, kernel, stride, padding, outputPadding, groups, bias, dilation, dtype,
                generator);
    }

    @Override
    Tensor convolveTransposed(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return Functional.conv_transpose2d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }
}
