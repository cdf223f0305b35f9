package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * What {@link ConvTranspose1d}, {@link ConvTranspose2d} and {@link ConvTranspose3d} share (PyTorch's
 * {@code _ConvTransposeNd}): the weight {@code [in, out / groups, kernel...]} and bias {@code [out]}, initialised as
 * {@code _ConvNd.reset_parameters} (kaiming_uniform_ with a = sqrt(5) over a fan-in of {@code out / groups *
 * kernel}, the bias uniform in +-1/sqrt(fan_in)), and {@link #forward(Tensor, long[])}, which takes the output size
 * that a stride above 1 leaves ambiguous.
 */
public abstract class ConvTransposeNd extends Module {
    private final String name;
    private final long inChannels;
    private final long outChannels;
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] outputPadding;
    private final long[] dilation;
    private final long groups;
    private final Tensor weight;
    private final Tensor bias;

    ConvTransposeNd(String name, long in, long out, long[] kernel, long[] stride, long[] padding, long[] outputPadding,
            long groups, boolean bias, long[] dilation, ScalarType dtype, Generator generator) {
        ConvShapes.checkGroups(in, out, groups);
        this.name = name;
        this.inChannels = in;
        this.outChannels = out;
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
        this.outputPadding = outputPadding.clone();
        this.dilation = dilation.clone();
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(ConvShapes.weightShape(in, out / groups, kernel), dtype,
                null, null, null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    /** {@code F.conv_transpose1d}, {@code 2d} or {@code 3d}. */
    abstract Tensor convolveTransposed(Tensor input, Tensor weight, Tensor bias, long[] stride, long[] padding,
            long[] outputPadding, long groups, long[] dilation);

    @Override
    public Tensor forward(Tensor input) {
        return convolveTransposed(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }

    /**
     * The output padding chosen so that the output has {@code outputSize}: its spatial sizes, or all its sizes, as
     * PyTorch's {@code forward(input, output_size)}.
     */
    public Tensor forward(Tensor input, long[] outputSize) {
        long[] chosen = ConvShapes.outputPadding("ConvTranspose" + kernel.length + "D", input, outputSize, stride,
                padding, kernel, dilation);
        return convolveTransposed(input, weight, bias, stride, padding, chosen, groups, dilation);
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

    /** PyTorch's repr: {@code ConvTranspose2d(8, 4, kernel_size=(3, 3), stride=(2, 2), output_padding=(1, 1))}. */
    @Override
    protected String extraRepr() {
        return ConvShapes.extraRepr(inChannels, outChannels, kernel, stride,
                ConvShapes.all(padding, 0) ? null : PyRepr.tuple(padding), dilation,
                ConvShapes.all(outputPadding, 0) ? null : PyRepr.tuple(outputPadding), groups, bias != null, "zeros");
    }
}
