package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 1-D convolution ({@code torch.nn.Conv1d}): weight {@code [out, in / groups, k]} and bias {@code [out]},
 * initialised as PyTorch's {@code _ConvNd.reset_parameters} (kaiming_uniform_ with a = sqrt(5), the bias uniform
 * in +-1/sqrt(fan_in)).
 */
public final class Conv1d extends Module {
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

    /** Stride 1, no padding. */
    public Conv1d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0, 1, 1, true, ScalarType.Float32, null);
    }

    public Conv1d(long in, long out, long kernel, long stride, long padding, long dilation, long groups, boolean bias,
            ScalarType dtype, Generator generator) {
        this(in, out, kernel, stride, new long[] {padding}, null, dilation, groups, bias, dtype, generator);
    }

    /** Stride 1 and the padding {@code "same"} (output as long as the input) or {@code "valid"}. */
    public Conv1d(long in, long out, long kernel, String padding) {
        this(in, out, kernel, 1, padding, 1, 1, true, ScalarType.Float32, null);
    }

    /** The padding as a string: {@code "same"} (stride 1 only) or {@code "valid"} (none). */
    public Conv1d(long in, long out, long kernel, long stride, String padding, long dilation, long groups, boolean bias,
            ScalarType dtype, Generator generator) {
        this(in, out, kernel, stride, null, PaddingStrings.checked(padding, new long[] {stride}), dilation, groups, bias,
                dtype, generator);
    }

    private Conv1d(long in, long out, long kernel, long stride, long[] padding, String paddingString, long dilation,
            long groups, boolean bias, ScalarType dtype, Generator generator) {
        if (groups <= 0 || in % groups != 0 || out % groups != 0) {
            throw new IllegalArgumentException(groups <= 0 ? "groups must be a positive integer"
                    : in % groups != 0 ? "in_channels must be divisible by groups" : "out_channels must be divisible by groups");
        }
        this.stride = new long[] {stride};
        this.padding = padding;
        this.paddingString = paddingString;
        this.dilation = new long[] {dilation};
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(new long[] {out, in / groups, kernel}, dtype, null, null,
                null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        this.description = "Conv1d(" + in + ", " + out + ", kernel_size=(" + kernel + ",), stride=(" + stride + ",))";
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    @Override
    public Tensor forward(Tensor input) {
        if (!paddingMode.equals("zeros")) {
            long[] kernel = Arrays.copyOfRange(weight.sizes(), 2, weight.dim());
            long[] sides = PaddingModes.reversedPaddingRepeatedTwice(padding, paddingString, kernel, dilation);
            return Torch.conv1d(Torch.pad(input, sides, paddingMode, null), weight, bias, stride, new long[] {0},
                    dilation, groups);
        }
        return paddingString != null ? Torch.conv1d(input, weight, bias, stride, paddingString, dilation, groups)
                : Torch.conv1d(input, weight, bias, stride, padding, dilation, groups);
    }

    /**
     * Pads the input by {@code mode} ({@code "zeros"}, the default, {@code "reflect"}, {@code "replicate"} or
     * {@code "circular"}) rather than with zeros inside the convolution, as PyTorch's {@code padding_mode}; returns
     * this module.
     */
    public Conv1d paddingMode(String mode) {
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
