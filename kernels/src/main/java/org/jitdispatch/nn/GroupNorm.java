package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * Group normalization ({@code torch.nn.GroupNorm}) through {@code aten::group_norm}: the channels of [N, C, *] in
 * {@code numGroups} groups, each (sample, group) normalized by its own statistics, in training and evaluation
 * alike; with {@code affine}, a per-channel weight (ones at first) and bias (zeros).
 */
public final class GroupNorm extends Module {
    private final long numGroups;
    private final long numChannels;
    private final double eps;
    private final Tensor weight;
    private final Tensor bias;

    public GroupNorm(long numGroups, long numChannels) {
        this(numGroups, numChannels, 1e-5, true, ScalarType.Float32);
    }

    public GroupNorm(long numGroups, long numChannels, double eps, boolean affine, ScalarType dtype) {
        if (numChannels % numGroups != 0) {
            throw new IllegalArgumentException("num_channels must be divisible by num_groups");
        }
        this.numGroups = numGroups;
        this.numChannels = numChannels;
        this.eps = eps;
        long[] shape = {numChannels};
        this.weight = affine ? registerParameter("weight", Torch.ones(shape, dtype, null, null, null)) : null;
        this.bias = affine ? registerParameter("bias", Torch.zeros(shape, dtype, null, null, null)) : null;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.group_norm(input, numGroups, weight, bias, eps);
    }

    @Override
    protected String extraRepr() {
        return numGroups + ", " + numChannels + ", eps=" + PyRepr.of(eps) + ", affine=" + PyRepr.of(weight != null);
    }
}
