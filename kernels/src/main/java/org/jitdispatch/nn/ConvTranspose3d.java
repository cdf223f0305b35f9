package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 3-D transposed convolution ({@code torch.nn.ConvTranspose3d}), the gradient of a {@link Conv3d} with respect
 * to its input: weight {@code [in, out / groups, kd, kh, kw]} and bias {@code [out]}, initialised as PyTorch's
 * {@code _ConvNd.reset_parameters} (kaiming_uniform_ with a = sqrt(5) over a fan-in of {@code out / groups * kd *
 * kh * kw}, the bias uniform in +-1/sqrt(fan_in)). {@link #forward(Tensor, long[])} takes the output size a stride
 * leaves ambiguous.
 */
public final class ConvTranspose3d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] outputPadding;
    private final long[] dilation;
    private final long groups;
    private final Tensor weight;
    private final Tensor bias;
    private final String description;

    /** A cubic kernel with stride 1 and no padding. */
    public ConvTranspose3d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0);
    }

    /** A cubic kernel, stride and padding. */
    public ConvTranspose3d(long in, long out, long kernel, long stride, long padding) {
        this(in, out, new long[] {kernel, kernel, kernel}, new long[] {stride, stride, stride},
                new long[] {padding, padding, padding}, new long[] {0, 0, 0}, 1, true, new long[] {1, 1, 1},
                ScalarType.Float32, null);
    }

    /** PyTorch's arguments in its order: in, out, kernel_size, stride, padding, output_padding, groups, bias, dilation. */
    public ConvTranspose3d(long in, long out, long[] kernel, long[] stride, long[] padding, long[] outputPadding,
            long groups, boolean bias, long[] dilation, ScalarType dtype, Generator generator) {
        ConvTransposeSizes.checkGroups(in, out, groups);
        this.kernel = kernel.clone();
        this.stride = stride.clone();
        this.padding = padding.clone();
        this.outputPadding = outputPadding.clone();
        this.dilation = dilation.clone();
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(new long[] {in, out / groups, kernel[0], kernel[1],
                kernel[2]}, dtype, null, null, null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        this.description = "ConvTranspose3d(" + in + ", " + out + ", kernel_size=" + Arrays.toString(kernel)
                + ", stride=" + Arrays.toString(stride) + ")";
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    @Override
    public Tensor forward(Tensor input) {
        return Torch.conv_transpose3d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }

    /** The output padding chosen so that the output has {@code outputSize} (its spatial sizes, or all of them). */
    public Tensor forward(Tensor input, long[] outputSize) {
        long[] chosen = ConvTransposeSizes.outputPadding("ConvTranspose3D", input, outputSize, stride, padding, kernel,
                dilation);
        return Torch.conv_transpose3d(input, weight, bias, stride, padding, chosen, groups, dilation);
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
