package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * The helpers of {@code torch.nn.functional} that are not ATen operators, written from the operators as PyTorch
 * 1.13's Python writes them (so autograd records the same operators). Those that are operators are on
 * {@link Torch} under their ATen names ({@code Torch.relu}, {@code Torch.cross_entropy_loss}, ...).
 */
public final class Functional {
    private Functional() {
    }

    /** {@code F.normalize(input)}: each vector along dim 1 divided by its 2-norm (at least 1e-12). */
    public static Tensor normalize(Tensor input) {
        return normalize(input, 2.0, 1, 1e-12);
    }

    /**
     * {@code F.normalize(input, p, dim, eps)}: {@code input / max(||input||_p, eps)}, the norm taken along
     * {@code dim} and broadcast back, so a zero vector stays zero.
     */
    public static Tensor normalize(Tensor input, double p, long dim, double eps) {
        Tensor denominator = input.norm(Scalar.of(p), new long[] {dim}, true).clamp_min(Scalar.of(eps))
                .expand_as(input);
        return input.div(denominator);
    }
}
