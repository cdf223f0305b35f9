package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Local response normalization across channels ({@code torch.nn.LocalResponseNorm}, AlexNet's): each element is
 * divided by {@code (k + alpha * mean of the squares of the size channels around it)^beta}, the mean taken with
 * zeros beyond the edge channels: {@link Functional#local_response_norm}, over average pooling.
 */
public final class LocalResponseNorm extends Module {
    private final long size;
    private final double alpha;
    private final double beta;
    private final double k;

    public LocalResponseNorm(long size) {
        this(size, 1e-4, 0.75, 1.0);
    }

    public LocalResponseNorm(long size, double alpha, double beta, double k) {
        this.size = size;
        this.alpha = alpha;
        this.beta = beta;
        this.k = k;
    }

    @Override
    public Tensor forward(Tensor input) {
        return Functional.local_response_norm(input, size, alpha, beta, k);
    }

    @Override
    protected String extraRepr() {
        return size + ", alpha=" + PyRepr.of(alpha) + ", beta=" + PyRepr.of(beta) + ", k=" + PyRepr.of(k);
    }
}
