package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 1-D transposed convolution ({@code torch.nn.ConvTranspose1d}), the gradient of a {@link Conv1d} with respect
 * to its input: weight {@code [in, out / groups, k]} and bias {@code [out]}; see {@link ConvTransposeNd}.
 */
public final class ConvTranspose1d extends ConvTransposeNd {
    /** Stride 1, no padding. */
    public ConvTranspose1d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0, 0, 1, true, 1, ScalarType.Float32, null);
    }

    /** PyTorch's arguments in its order: in, out, kernel_size, stride, padding, output_padding, groups, bias, dilation. */
    public ConvTranspose1d(long in, long out, long kernel, long stride, long padding, long outputPadding, long groups,
            boolean bias, long dilation, ScalarType dtype, Generator generator) {
        super("ConvTranspose1d", in, out, new long[] {kernel}, new long[] {stride}, new long[] {padding},
                new long[] {outputPadding}, groups, bias, new long[] {dilation}, dtype, generator);
    }

    @Override
    Tensor convolveTransposed(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation) {
        return Functional.conv_transpose1d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }
}
