package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * cosine_similarity and pairwise_distance as PyTorch 1.13's Distance.cpp writes them, over norm, division and
 * sum, so autograd differentiates through them.
 */
public final class Distances implements DistancesDeclarations {

    /**
     * {@code sum(x1 / max(||x1||, eps) * x2 / max(||x2||, eps), dim)} after broadcasting: each vector is normalized
     * first, which keeps the result within [-1, 1]. As in ATen, the clamp of the norms is not recorded by autograd.
     */
    @Override
    public Tensor cosine_similarity(Tensor x1, Tensor x2, long dim, double eps) {
        ScalarType common = Elementwise.resultType(x1, x2);
        if (!common.isFloatingPoint()) {
            throw new IllegalArgumentException("expected common dtype to be floating point, yet common dtype is "
                    + common.c10Name());
        }
        Tensor a = x1.dtype().isFloatingPoint() ? x1 : x1.to(common);
        Tensor b = x2.dtype().isFloatingPoint() ? x2 : x2.to(common);
        long[] shape = Broadcast.inferSize(a.sizes(), b.sizes());
        a = a.expand(shape, false);
        b = b.expand(shape, false);
        Tensor aNorm = Torch.norm(a, Scalar.of(2), new long[] {dim}, true).clone();
        Tensor bNorm = Torch.norm(b, Scalar.of(2), new long[] {dim}, true).clone();
        try (NoGrad ignored = NoGrad.enter()) {
            aNorm.clamp_(Scalar.of(eps), null);
            bNorm.clamp_(Scalar.of(eps), null);
        }
        return Torch.sum(a.div(aNorm).mul(b.div(bNorm)), new long[] {dim}, false, null);
    }

    /** {@code ||x1 - x2 + eps||_p} over the last dim of the broadcast shape. */
    @Override
    public Tensor pairwise_distance(Tensor x1, Tensor x2, double p, double eps, boolean keepdim) {
        long innermost = Math.max(x1.dim(), x2.dim()) - 1;
        return Torch.norm(x1.sub(x2).add(Scalar.of(eps), Scalar.of(1)), Scalar.of(p), new long[] {innermost}, keepdim);
    }
}
