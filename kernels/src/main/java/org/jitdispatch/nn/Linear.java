package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code y = x W^T + b} ({@code torch.nn.Linear}): weight {@code [out, in]} and bias {@code [out]}, initialised
 * as PyTorch does (kaiming_uniform_ with a = sqrt(5), then the bias uniform in +-1/sqrt(in)), so with the same
 * seed the same layer starts with the same values. Not final: MultiheadAttention's output projection is a
 * {@link NonDynamicallyQuantizableLinear}, as in PyTorch.
 */
public class Linear extends Module {
    private final long inFeatures;
    private final long outFeatures;
    private final Tensor weight;
    private final Tensor bias;

    public Linear(long inFeatures, long outFeatures) {
        this(inFeatures, outFeatures, true, ScalarType.Float32, null);
    }

    public Linear(long inFeatures, long outFeatures, boolean bias, ScalarType dtype, Generator generator) {
        this.inFeatures = inFeatures;
        this.outFeatures = outFeatures;
        this.weight = registerParameter("weight", Torch.empty(new long[] {outFeatures, inFeatures}, dtype, null, null,
                null, null));
        this.bias = bias ? registerParameter("bias", Torch.empty(new long[] {outFeatures}, dtype, null, null, null, null))
                : null;
        resetParameters(generator);
    }

    /** PyTorch's reset_parameters: the weight, then the bias, from {@code generator}. */
    public void resetParameters(Generator generator) {
        Init.resetLinearOrConv_(weight, bias, generator);
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.linear(input, weight, bias);
    }

    public Tensor weight() {
        return weight;
    }

    public Tensor bias() {
        return bias;
    }

    @Override
    protected String extraRepr() {
        return "in_features=" + inFeatures + ", out_features=" + outFeatures + ", bias=" + PyRepr.of(bias != null);
    }
}
