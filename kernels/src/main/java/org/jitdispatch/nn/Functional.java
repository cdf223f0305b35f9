package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * {@code torch.nn.functional} for Java, the {@code F} of PyTorch 1.13: every function under PyTorch's name
 * ({@code Functional.cross_entropy}, {@code Functional.interpolate}, ...), written from the operators exactly as
 * PyTorch's Python writes it, so autograd records the same operators, with PyTorch's argument checks and messages.
 * Optional arguments are overloads with PyTorch's defaults: the shortest takes none, the longest all of them in
 * PyTorch's order (the deprecated {@code size_average} and {@code reduce} left out); a null is PyTorch's None.
 * Reductions are PyTorch's strings ({@code "mean"}, {@code "sum"}, {@code "none"}). A function that returns
 * indices as well, PyTorch's {@code return_indices=True}, is the one named {@code ..._with_indices}.
 *
 * <p>The functions are grouped by family in this class's package-private superclasses (activations and
 * dropout, losses, layers, vision); this class is where to call them from. PyTorch's ValueError and RuntimeError
 * are {@link IllegalArgumentException}s, its NotImplementedError an {@link UnsupportedOperationException}, and
 * its warnings go to {@link org.jitdispatch.kernels.structured.Warnings}.
 */
public final class Functional extends VisionFunctions {
    private Functional() {
    }

    /** {@code F.normalize(input)}: each vector along dim 1 divided by its 2-norm (at least 1e-12). */
    public static Tensor normalize(Tensor input) {
        return normalize(input, 2.0, 1, 1e-12);
    }

    /** {@code F.normalize(input, p, dim)}: eps 1e-12. */
    public static Tensor normalize(Tensor input, double p, long dim) {
        return normalize(input, p, dim, 1e-12);
    }

    /**
     * {@code F.normalize(input, p, dim, eps)}: {@code input / max(||input||_p, eps)}, the norm taken along
     * {@code dim} and broadcast back, so a zero vector stays zero. No {@code out=}.
     */
    public static Tensor normalize(Tensor input, double p, long dim, double eps) {
        Tensor denominator = input.norm(Scalar.of(p), new long[] {dim}, true).clamp_min(Scalar.of(eps))
                .expand_as(input);
        return input.div(denominator);
    }

    /** {@code F.cosine_similarity(x1, x2)}: along dim 1, eps 1e-8. */
    public static Tensor cosine_similarity(Tensor x1, Tensor x2) {
        return Torch.cosine_similarity(x1, x2);
    }

    /** {@code F.cosine_similarity(x1, x2, dim, eps)}: the two broadcast, each norm at least {@code eps}. */
    public static Tensor cosine_similarity(Tensor x1, Tensor x2, long dim, double eps) {
        return Torch.cosine_similarity(x1, x2, dim, eps);
    }

    /** {@code F.pairwise_distance(x1, x2)}: the 2-norm of {@code x1 - x2 + 1e-6} along the last dim. */
    public static Tensor pairwise_distance(Tensor x1, Tensor x2) {
        return Torch.pairwise_distance(x1, x2);
    }

    /** {@code F.pairwise_distance(x1, x2, p, eps, keepdim)}: the p-norm of {@code x1 - x2 + eps}. */
    public static Tensor pairwise_distance(Tensor x1, Tensor x2, double p, double eps, boolean keepdim) {
        return Torch.pairwise_distance(x1, x2, p, eps, keepdim);
    }

    /** {@code F.pdist(input)}: the 2-norm distance of every pair of rows of an {@code [N, M]} input. */
    public static Tensor pdist(Tensor input) {
        return Torch.pdist(input);
    }

    /** {@code F.pdist(input, p)}: the upper triangle of the p-norm distance matrix, row by row. */
    public static Tensor pdist(Tensor input, double p) {
        return Torch.pdist(input, p);
    }
}
