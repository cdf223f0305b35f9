package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 2-D convolution ({@code torch.nn.Conv2d}): weight {@code [out, in / groups, kh, kw]} and bias {@code [out]},
 * initialised as PyTorch's {@code _ConvNd.reset_parameters} (kaiming_uniform_ with a = sqrt(5), the bias uniform
 * in +-1/sqrt(fan_in)).
 */
public final class Conv2d extends Module {
    private final long[] stride;
    private final long[] padding;
    /** {@code "same"} or {@code "valid"} when the padding was given as a string, else null. */
    private final String paddingString;
    private String paddingMode = "zeros";
    private final long[] dilation;
    private final long groups;
    private final Tensor weight;
    private final Tensor bias;
    private final String description;

    /** A square kernel with stride 1 and no padding. */
    public Conv2d(long in, long out, long kernel) {
        this(in, out, new long[] {kernel, kernel}, new long[] {1, 1}, new long[] {0, 0}, new long[] {1, 1}, 1, true,
                ScalarType.Float32, null);
    }

    /** A square kernel, stride and padding. */
    public Conv2d(long in, long out, long kernel, long stride, long padding) {
        this(in, out, new long[] {kernel, kernel}, new long[] {stride, stride}, new long[] {padding, padding},
                new long[] {1, 1}, 1, true, ScalarType.Float32, null);
    }

    public Conv2d(long in, long out, long[] kernel, long[] stride, long[] padding, long[] dilation, long groups,
            boolean bias, ScalarType dtype, Generator generator) {
        this(in, out, kernel, stride, padding.clone(), null, dilation, groups, bias, dtype, generator);
    }

    /** A square kernel, stride 1, and the padding {@code "same"} (output as large as the input) or {@code "valid"}. */
    public Conv2d(long in, long out, long kernel, String padding) {
        this(in, out, new long[] {kernel, kernel}, new long[] {1, 1}, padding, new long[] {1, 1}, 1, true,
                ScalarType.Float32, null);
    }

    /** The padding as a string: {@code "same"} (stride 1 only) or {@code "valid"} (none). */
    public Conv2d(long in, long out, long[] kernel, long[] stride, String padding, long[] dilation, long groups,
            boolean bias, ScalarType dtype, Generator generator) {
        this(in, out, kernel, stride, null, PaddingStrings.checked(padding, stride), dilation, groups, bias, dtype,
                generator);
    }

    private Conv2d(long in, long out, long[] kernel, long[] stride, long[] padding, String paddingString,
            long[] dilation, long groups, boolean bias, ScalarType dtype, Generator generator) {
        if (groups <= 0 || in % groups != 0 || out % groups != 0) {
            throw new IllegalArgumentException(groups <= 0 ? "groups must be a positive integer"
                    : in % groups != 0 ? "in_channels must be divisible by groups" : "out_channels must be divisible by groups");
        }
        this.stride = stride.clone();
        this.padding = padding;
        this.paddingString = paddingString;
        this.dilation = dilation.clone();
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(new long[] {out, in / groups, kernel[0], kernel[1]}, dtype,
                null, null, null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        this.description = "Conv2d(" + in + ", " + out + ", kernel_size=" + java.util.Arrays.toString(kernel) + ", stride="
                + java.util.Arrays.toString(stride) + ")";
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    @Override
    public Tensor forward(Tensor input) {
        if (!paddingMode.equals("zeros")) {
            long[] kernel = Arrays.copyOfRange(weight.sizes(), 2, weight.dim());
            long[] sides = PaddingModes.reversedPaddingRepeatedTwice(padding, paddingString, kernel, dilation);
            return Torch.conv2d(Torch.pad(input, sides, paddingMode, null), weight, bias, stride, new long[] {0},
                    dilation, groups);
        }
        return paddingString != null ? Torch.conv2d(input, weight, bias, stride, paddingString, dilation, groups)
                : Torch.conv2d(input, weight, bias, stride, padding, dilation, groups);
    }

    /**
     * Pads the input by {@code mode} ({@code "zeros"}, the default, {@code "reflect"}, {@code "replicate"} or
     * {@code "circular"}) rather than with zeros inside the convolution, as PyTorch's {@code padding_mode}; returns
     * this module.
     */
    public Conv2d paddingMode(String mode) {
        this.paddingMode = PaddingModes.checked(mode);
        return this;
    }

    public Tensor weight() {
        return weight;
    }

    public Tensor bias() {
        return bias;
    }

    @Override
    public String toString() {
        return description;
    }
}
