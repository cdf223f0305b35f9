package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Batch normalization over the channels of [N, C, H, W] input ({@code torch.nn.BatchNorm2d}): in training it
 * normalizes with the batch's statistics and updates the running mean and (unbiased) variance with
 * {@code momentum}; in eval it uses the running statistics. Buffers {@code running_mean}, {@code running_var}
 * and {@code num_batches_tracked} are saved in the state dict, as in PyTorch.
 */
public final class BatchNorm2d extends Module {
    private final long numFeatures;
    private final double eps;
    private final double momentum;
    private final Tensor weight;
    private final Tensor bias;

    public BatchNorm2d(long numFeatures) {
        this(numFeatures, 1e-5, 0.1, ScalarType.Float32);
    }

    public BatchNorm2d(long numFeatures, double eps, double momentum, ScalarType dtype) {
        this.numFeatures = numFeatures;
        this.eps = eps;
        this.momentum = momentum;
        long[] shape = {numFeatures};
        this.weight = registerParameter("weight", Torch.ones(shape, dtype, null, null, null));
        this.bias = registerParameter("bias", Torch.zeros(shape, dtype, null, null, null));
        registerBuffer("running_mean", Torch.zeros(shape, dtype, null, null, null));
        registerBuffer("running_var", Torch.ones(shape, dtype, null, null, null));
        registerBuffer("num_batches_tracked", Torch.zeros(new long[0], ScalarType.Int64, null, null, null));
    }

    @Override
    public Tensor forward(Tensor input) {
        if (input.dim() != 4) {
            throw new IllegalArgumentException("expected 4D input (got " + input.dim() + "D input)");
        }
        if (isTraining()) {
            try (NoGrad g = NoGrad.enter()) {
                buffer("num_batches_tracked").add_(Scalar.of(1L));
            }
        }
        return Functional.batch_norm(input, buffer("running_mean"), buffer("running_var"), weight, bias, isTraining(),
                momentum, eps);
    }

    /** Always affine with running statistics: PyTorch's defaults, the only ones this class has. */
    @Override
    protected String extraRepr() {
        return numFeatures + ", eps=" + PyRepr.of(eps) + ", momentum=" + PyRepr.of(momentum)
                + ", affine=True, track_running_stats=True";
    }
}
