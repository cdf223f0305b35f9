package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A 1-D transposed convolution ({@code torch.nn.ConvTranspose1d}), the gradient of a {@link Conv1d} with respect
 * to its input: weight {@code [in, out / groups, k]} and bias {@code [out]}, initialised as PyTorch's
 * {@code _ConvNd.reset_parameters}. {@link #forward(Tensor, long[])} takes the output size a stride leaves
 * ambiguous.
 */
public final class ConvTranspose1d extends Module {
    private final long[] kernel;
    private final long[] stride;
    private final long[] padding;
    private final long[] outputPadding;
    private final long[] dilation;
    private final long groups;
    private final Tensor weight;
    private final Tensor bias;
    private final String description;

    /** Stride 1, no padding. */
    public ConvTranspose1d(long in, long out, long kernel) {
        this(in, out, kernel, 1, 0, 0, 1, true, 1, ScalarType.Float32, null);
    }

    /** PyTorch's arguments in its order: in, out, kernel_size, stride, padding, output_padding, groups, bias, dilation. */
    public ConvTranspose1d(long in, long out, long kernel, long stride, long padding, long outputPadding, long groups,
            boolean bias, long dilation, ScalarType dtype, Generator generator) {
        ConvTransposeSizes.checkGroups(in, out, groups);
        this.kernel = new long[] {kernel};
        this.stride = new long[] {stride};
        this.padding = new long[] {padding};
        this.outputPadding = new long[] {outputPadding};
        this.dilation = new long[] {dilation};
        this.groups = groups;
        this.weight = registerParameter("weight", Torch.empty(new long[] {in, out / groups, kernel}, dtype, null, null,
                null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {out}, dtype, null, null, null, null)) : null;
        this.description = "ConvTranspose1d(" + in + ", " + out + ", kernel_size=(" + kernel + ",), stride=(" + stride
                + ",))";
        Init.resetLinearOrConv_(weight, this.bias, generator);
    }

    @Override
    public Tensor forward(Tensor input) {
        return Torch.conv_transpose1d(input, weight, bias, stride, padding, outputPadding, groups, dilation);
    }

    /** The output padding chosen so that the output has {@code outputSize} (its length, or all its sizes). */
    public Tensor forward(Tensor input, long[] outputSize) {
        long[] chosen = ConvTransposeSizes.outputPadding("ConvTranspose1D", input, outputSize, stride, padding, kernel,
                dilation);
        return Torch.conv_transpose1d(input, weight, bias, stride, padding, chosen, groups, dilation);
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
