package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * What {@link InstanceNorm1d} and {@link InstanceNorm2d} share (PyTorch 1.13's {@code _InstanceNorm}): each
 * (sample, channel) normalized by its own statistics through {@code aten::instance_norm}; with {@code affine} a
 * per-channel weight (ones) and bias (zeros); with {@code trackRunningStats} the buffers {@code running_mean},
 * {@code running_var} and {@code num_batches_tracked}, updated in training and used in evaluation. An input
 * without a batch dim is normalized as a batch of one.
 */
public abstract class InstanceNorm extends Module {
    private final long numFeatures;
    private final double eps;
    private final double momentum;
    private final boolean trackRunningStats;
    private final Tensor weight;
    private final Tensor bias;
    private final int dimsWithoutBatch;

    InstanceNorm(long numFeatures, double eps, double momentum, boolean affine, boolean trackRunningStats,
            ScalarType dtype, int dimsWithoutBatch) {
        this.numFeatures = numFeatures;
        this.eps = eps;
        this.momentum = momentum;
        this.trackRunningStats = trackRunningStats;
        this.dimsWithoutBatch = dimsWithoutBatch;
        long[] shape = {numFeatures};
        this.weight = affine ? registerParameter("weight", Torch.ones(shape, dtype, null, null, null)) : null;
        this.bias = affine ? registerParameter("bias", Torch.zeros(shape, dtype, null, null, null)) : null;
        if (trackRunningStats) {
            registerBuffer("running_mean", Torch.zeros(shape, dtype, null, null, null));
            registerBuffer("running_var", Torch.ones(shape, dtype, null, null, null));
            registerBuffer("num_batches_tracked", Torch.zeros(new long[0], ScalarType.Int64, null, null, null));
        }
    }

    @Override
    public Tensor forward(Tensor input) {
        if (input.dim() != dimsWithoutBatch && input.dim() != dimsWithoutBatch + 1) {
            throw new IllegalArgumentException("expected " + dimsWithoutBatch + "D or " + (dimsWithoutBatch + 1)
                    + "D input (got " + input.dim() + "D input)");
        }
        if (input.dim() == dimsWithoutBatch) {
            return apply(input.unsqueeze(0)).squeeze(0);
        }
        return apply(input);
    }

    private Tensor apply(Tensor input) {
        boolean useInputStats = isTraining() || !trackRunningStats;
        return Functional.instance_norm(input, buffer("running_mean"), buffer("running_var"), weight, bias,
                useInputStats, momentum, eps);
    }

    @Override
    protected String extraRepr() {
        return numFeatures + ", eps=" + PyRepr.of(eps) + ", momentum=" + PyRepr.of(momentum) + ", affine="
                + PyRepr.of(weight != null) + ", track_running_stats=" + PyRepr.of(trackRunningStats);
    }
}
