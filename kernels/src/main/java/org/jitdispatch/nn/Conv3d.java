package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 3-D convolution ({@code torch.nn.Conv3d}): weight {@code [out, in / groups, kd, kh, kw]} and bias {@code
 * [out]}, initialised as PyTorch's {@code _ConvNd.reset_parameters} (kaiming_uniform_ with a = sqrt(5), the bias
 * uniform in +-1/sqrt(fan_in)). The padding is numbers or the string {@code "same"} or {@code "valid"}.
 */
public final class Conv3d extends Module {
    private final long[] stride;
    private final long[] padding;
    private final String paddingString;
    private String paddingMode = "zeros";
    private final long[] dilation;
    private final long groups;
    private final Tensor weight;
    private final Tensor bias;
    private final String description;

    /** A cubic kernel, stride 1, no padding. */
    public Conv3d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0);
    }

    /** A cubic kernel, stride and padding. */
    public Conv3d(long in, long out, long kernel, long stride, long padding) {
        this(in, out, new long[] {kernel, kernel, kernel}, new long[] {stride, stride, stride},
                new long[] {padding, padding, padding}, new long[] {1, 1, 1}, 1, true, ScalarType.Float32, null);
    }

    public Conv3d(long in, long out, long[] kernel, long[] stride, long[] padding, long[] dilation, long groups,
            boolean bias, ScalarType dtype, Generator generator) {
        this(in, out, kernel, stride, padding.clone(), null, dilation, groups, bias, dtype, generator);
    }

    /** The padding as a string: {@code "same"} (stride 1 only) or {@code "valid"} (none). */
    public Conv3d(long in, long out, long[] kernel, long[] stride, String padding, long[] dilation, long groups,
            boolean bias, ScalarType dtype, Generator generator) {
        this(in, out, kernel, stride, null, PaddingStrings.checked(padding, stride), dilation, groups, bias, dtype,
                generator);
    }

    private Conv3d(long in, long out, long[] kernel, long[] stride, long[] padding, String paddingString,
            long[] dilation, long groups, boolean bias, ScalarType dtype, Generator generator) {
        ConvTransposeSizes.checkGroups(in, out, groups);
        this.stride = stride.clone();
        this.padding = padding;
        this.paddingString = paddingString;
        this.dilation = dilation.clone();
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(new long[] {out, in / groups, kernel[0], kernel[1],
                kernel[2]}, dtype, null, null, null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        this.description = "Conv3d(" + in + ", " + out + ", kernel_size=" + Arrays.toString(kernel) + ", stride="
                + Arrays.toString(stride) + ")";
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    @Override
    public Tensor forward(Tensor input) {
        if (!paddingMode.equals("zeros")) {
            long[] kernel = Arrays.copyOfRange(weight.sizes(), 2, weight.dim());
            long[] sides = PaddingModes.reversedPaddingRepeatedTwice(padding, paddingString, kernel, dilation);
            return Torch.conv3d(Torch.pad(input, sides, paddingMode, null), weight, bias, stride, new long[] {0},
                    dilation, groups);
        }
        return paddingString != null ? Torch.conv3d(input, weight, bias, stride, paddingString, dilation, groups)
                : Torch.conv3d(input, weight, bias, stride, padding, dilation, groups);
    }

    /**
     * Pads the input by {@code mode} ({@code "zeros"}, the default, {@code "reflect"}, {@code "replicate"} or
     * {@code "circular"}) rather than with zeros inside the convolution, as PyTorch's {@code padding_mode}; returns
     * this module.
     */
    public Conv3d paddingMode(String mode) {
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
