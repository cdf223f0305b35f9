package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 1-D convolution ({@code torch.nn.Conv1d}): weight {@code [out, in / groups, k]} and bias {@code [out]}; see
 * {@link ConvNd}.
 */
public final class Conv1d extends ConvNd {
    /** Stride 1, no padding. */
    public Conv1d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0, 1, 1, true, ScalarType.Float32, null);
    }

    public Conv1d(long in, long out, long kernel, long stride, long padding, long dilation, long groups, boolean bias,
            ScalarType dtype, Generator generator) {
        super("Conv1d", in, out, new long[] {kernel}, new long[] {stride}, new long[] {padding}, null,
                new long[] {dilation}, groups, bias, dtype, generator);
    }

    /** Stride 1 and the padding {@code "same"} (output as long as the input) or {@code "valid"}. */
    public Conv1d(long in, long out, long kernel, String padding) {
        this(in, out, kernel, 1, padding, 1, 1, true, ScalarType.Float32, null);
    }

    /** The padding as a string: {@code "same"} (stride 1 only) or {@code "valid"} (none). */
    public Conv1d(long in, long out, long kernel, long stride, String padding, long dilation, long groups, boolean bias,
            ScalarType dtype, Generator generator) {
        super("Conv1d", in, out, new long[] {kernel}, new long[] {stride}, null,
                PaddingStrings.checked(padding, new long[] {stride}), new long[] {dilation}, groups, bias, dtype,
                generator);
    }

    @Override
    Tensor convolve(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            long groups) {
        return Functional.conv1d(input, weight, bias, stride, padding, dilation, groups);
    }

    @Override
    Tensor convolve(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding, long[] dilation,
            long groups) {
        return Functional.conv1d(input, weight, bias, stride, padding, dilation, groups);
    }

    /**
     * Pads the input by {@code mode} ({@code "zeros"}, the default, {@code "reflect"}, {@code "replicate"} or
     * {@code "circular"}) rather than with zeros inside the convolution, as PyTorch's {@code padding_mode}; returns
     * this module.
     */
    public Conv1d paddingMode(String mode) {
        setPaddingMode(mode);
        return this;
    }
}
