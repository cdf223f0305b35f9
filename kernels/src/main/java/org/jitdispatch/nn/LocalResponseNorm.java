package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Local response normalization across channels ({@code torch.nn.LocalResponseNorm}, AlexNet's): each element is
 * divided by {@code (k + alpha * mean of the squares of the size channels around it)^beta}, the mean taken with
 * zeros beyond the edge channels, written over average pooling as {@code F.local_response_norm} is.
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
        int dim = input.dim();
        if (dim < 3) {
            throw new IllegalArgumentException("Expected 3D or higher dimensionality input (got " + dim + " dimensions)");
        }
        if (input.numel() == 0) {
            return input;
        }
        Tensor div = input.mul(input).unsqueeze(1);
        if (dim == 3) {
            div = Torch.constant_pad_nd(div, new long[] {0, 0, size / 2, (size - 1) / 2}, Scalar.of(0));
            div = Torch.avg_pool2d(div, new long[] {size, 1}, new long[] {1}, new long[] {0}, false, true, null)
                    .squeeze(1);
        } else {
            long[] sizes = input.sizes();
            div = div.view(sizes[0], 1, sizes[1], sizes[2], -1);
            div = Torch.constant_pad_nd(div, new long[] {0, 0, 0, 0, size / 2, (size - 1) / 2}, Scalar.of(0));
            div = Torch.avg_pool3d(div, new long[] {size, 1, 1}, new long[] {1}, new long[] {0}, false, true, null)
                    .squeeze(1).view(sizes);
        }
        div = div.mul(Scalar.of(alpha)).add(Scalar.of(k), Scalar.of(1)).pow(Scalar.of(beta));
        return input.div(div);
    }

    @Override
    public String toString() {
        return "LocalResponseNorm(" + size + ", alpha=" + alpha + ", beta=" + beta + ", k=" + k + ")";
    }
}
