package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * What {@link Conv1d}, {@link Conv2d} and {@link Conv3d} share (PyTorch's {@code _ConvNd}): the weight
 * {@code [out, in / groups, kernel...]} and bias {@code [out]}, initialised as {@code _ConvNd.reset_parameters}
 * (kaiming_uniform_ with a = sqrt(5), the bias uniform in +-1/sqrt(fan_in)); the padding as numbers or as the
 * string {@code "same"} or {@code "valid"}; and the {@code padding_mode}, by which the input is padded with
 * {@code F.pad} before a convolution without padding, as {@code _ConvNd._conv_forward} does.
 */
public abstract class ConvNd extends Module {
    private final String name;
    private final long inChannels;
    private final long[] kernel;
    private final long[] stride;
    /** Null when the padding was given as a string. */
    private final long[] padding;
    /** {@code "same"} or {@code "valid"} when the padding was given as a string, else null. */
    private final String paddingString;
    private String paddingMode = "zeros";
    private final long[] dilation;
    private final long groups;
    private final Tensor weight;
    private final Tensor bias;

    ConvNd(String name, long in, long out, long[] kernel, long[] stride, long[] padding, String paddingString,
            long[] dilation, long groups, boolean bias, ScalarType dtype, Generator generator) {
        ConvShapes.checkGroups(in, out, groups);
        this.name = name;
        this.inChannels = in;
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding == null ? null : padding.clone();
        this.paddingString = paddingString;
        this.dilation = dilation.clone();
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(ConvShapes.weightShape(out, in / groups, kernel), dtype,
                null, null, null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    /** {@code F.conv1d}, {@code conv2d} or {@code conv3d} with numeric padding. */
    abstract Tensor convolve(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding, long[] dilation,
            long groups);

    /** The same with the padding {@code "same"} or {@code "valid"}. */
    abstract Tensor convolve(Tensor input, Tensor weight, Tensor bias, long[] stride, String padding, long[] dilation,
            long groups);

    @Override
    public Tensor forward(Tensor input) {
        if (!paddingMode.equals("zeros")) {
            long[] sides = PaddingModes.reversedPaddingRepeatedTwice(padding, paddingString, kernel, dilation);
            return convolve(Functional.pad(input, sides, paddingMode, null), weight, bias, stride, new long[] {0}, dilation,
                    groups);
        }
        return paddingString != null ? convolve(input, weight, bias, stride, paddingString, dilation, groups)
                : convolve(input, weight, bias, stride, padding, dilation, groups);
    }

    /** Sets the padding mode; the subclasses' {@code paddingMode} returns them for chaining. */
    final void setPaddingMode(String mode) {
        this.paddingMode = PaddingModes.checked(mode);
    }

    public Tensor weight() {
        return weight;
    }

    /** The bias, or null for a module made without one. */
    public Tensor bias() {
        return bias;
    }

    @Override
    protected String reprName() {
        return name;
    }

    /** PyTorch's repr: {@code Conv2d(1, 8, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))}. */
    @Override
    protected String extraRepr() {
        String shownPadding = paddingString != null ? paddingString : PyRepr.tuple(padding);
        return ConvShapes.extraRepr(inChannels, weight.size(0), kernel, stride,
                paddingString != null || !ConvShapes.all(padding, 0) ? shownPadding : null, dilation, null, groups,
                bias != null, paddingMode);
    }
}
