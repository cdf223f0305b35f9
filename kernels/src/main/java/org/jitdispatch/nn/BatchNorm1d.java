package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Batch normalization over the channels of [N, C] or [N, C, L] input ({@code torch.nn.BatchNorm1d}), as PyTorch
 * 1.13's {@code _BatchNorm.forward}: in training it normalizes with the batch's statistics and (with
 * {@code trackRunningStats}) counts the batch and updates the running mean and unbiased variance with
 * {@code momentum}, or with the cumulative average when momentum is null; in evaluation it uses the running
 * statistics (or the batch's, without them). Weight ones and bias zeros with {@code affine}.
 */
public final class BatchNorm1d extends Module {
    private final long numFeatures;
    private final double eps;
    private final Double momentum;
    private final boolean trackRunningStats;
    private final Tensor weight;
    private final Tensor bias;

    public BatchNorm1d(long numFeatures) {
        this(numFeatures, 1e-5, 0.1, true, true, ScalarType.Float32);
    }

    public BatchNorm1d(long numFeatures, double eps, Double momentum, boolean affine, boolean trackRunningStats,
            ScalarType dtype) {
        this.numFeatures = numFeatures;
        this.eps = eps;
        this.momentum = momentum;
        this.trackRunningStats = trackRunningStats;
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
        if (input.dim() != 2 && input.dim() != 3) {
            throw new IllegalArgumentException("expected 2D or 3D input (got " + input.dim() + "D input)");
        }
        double averageFactor = momentum == null ? 0.0 : momentum;
        if (isTraining() && trackRunningStats) {
            Tensor batches = buffer("num_batches_tracked");
            try (NoGrad g = NoGrad.enter()) {
                batches.add_(Scalar.of(1L));
            }
            if (momentum == null) {
                averageFactor = 1.0 / batches.item().toDouble();
            }
        }
        boolean useBatchStats = isTraining() || !trackRunningStats;
        boolean passStats = !isTraining() || trackRunningStats;
        return Functional.batch_norm(input, passStats ? buffer("running_mean") : null,
                passStats ? buffer("running_var") : null, weight, bias, useBatchStats, averageFactor, eps);
    }

    @Override
    protected String extraRepr() {
        return numFeatures + ", eps=" + PyRepr.of(eps) + ", momentum=" + PyRepr.of(momentum) + ", affine="
                + PyRepr.of(weight != null) + ", track_running_stats=" + PyRepr.of(trackRunningStats);
    }
}
