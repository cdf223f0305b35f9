package org.jitdispatch.nn;

import org.jitdispatch.runtime.ScalarType;

/** Instance normalization of [N, C, H, W] or [C, H, W] input ({@code torch.nn.InstanceNorm2d}); see {@link InstanceNorm}. */
public final class InstanceNorm2d extends InstanceNorm {

    /** PyTorch's defaults: eps 1e-5, momentum 0.1, no affine parameters, no running statistics. */
    public InstanceNorm2d(long numFeatures) {
        this(numFeatures, 1e-5, 0.1, false, false, ScalarType.Float32);
    }

    public InstanceNorm2d(long numFeatures, double eps, double momentum, boolean affine, boolean trackRunningStats,
            ScalarType dtype) {
        super(numFeatures, eps, momentum, affine, trackRunningStats, dtype, 3);
    }
}
