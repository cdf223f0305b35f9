package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 3-D convolution ({@code torch.nn.Conv3d}): weight {@code [out, in / groups, kd, kh, kw]} and bias
 * {@code [out]}; see {@link ConvNd}.
 */
public final class Conv3d extends ConvNd {
    /** A cubic kernel with stride 1 and no padding. */
    public Conv3d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0);
    }

    /** A cubic kernel, stride and padding. */
    public Conv3d(long in, long out, long kernel, long stride, long padding) {
        this(in, out, new long[] {kernel, kernel, kernel}, new long[] {stride, stride, stride}, new long[] {padding, padding, padding},
                new long[] {1, 1, 1}, 1, true, ScalarType.Float32, null);
    }

    public Conv3d(long in, long out, long[] kernel, long[] stride, long[] padding, long[] dilation, long groups,
            boolean bias, ScalarType dtype, Generator generator) {
        super("Conv3d", in, out, kernel, stride, padding, null, dilation, groups, bias, dtype, generator);
    }

    /** The padding as a string: {@code "same"} (stride 1 only) or {@code "valid"} (none). */
    public Conv3d(long in, long out, long[] kernel, long[] stride, String padding, long[] dilation, long groups,
            boolean bias, ScalarType dtype, Generator generator) {
        super("Conv3d", in, out, kernel, stride, null, PaddingStrings.checked(padding, stride), dilation, groups, bias,
                dtype, generator);
    }

    @Override
    Tensor convolve(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            long groups) {
        return Functional.conv3d(input, weight, bias, stride, padding, dilation, groups);
    }

    @Override
    Tensor convolve(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding, long[] dilation,
            long groups) {
        return Functional.conv3d(input, weight, bias, stride, padding, dilation, groups);
    }

    /**
     * Pads the input by {@code mode} ({@code "zeros"}, the default, {@code "reflect"}, {@code "replicate"} or
     * {@code "circular"}) rather than with zeros inside the convolution, as PyTorch's {@code padding_mode}; returns
     * this module.
     */
    public Conv3d paddingMode(String mode) {
        setPaddingMode(mode);
        return this;
    }
}
