package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * {@code torch.nn.functional} for Java, the {@code F} of PyTorch 1.13: every function under PyTorch's name
 * ({@code Functional.cross_entropy}, {@code Functional.interpolate}, ...), written from the operators exactly as
 * PyTorch's Python writes it, so autograd records the same operators, with PyTorch's argument checks, messages and
 * warnings. Optional arguments are overloads with PyTorch's defaults: the shortest takes none, the longest all of
 * them in PyTorch's order, with a few common ones between; a null is PyTorch's None. Reductions are PyTorch's
 * strings ({@code "mean"}, {@code "sum"}, {@code "none"}). A size that PyTorch takes as an int or a tuple is a
 * {@code long[]} of one value (for every dim) or one per dim. A function that returns indices as well, PyTorch's
 * {@code return_indices=True}, is the one named {@code ..._with_indices} and returns {@code [output, indices]}.
 *
 * <p>The functions live by family in this class's package-private superclasses (activations, softmax and
 * dropout; losses; layers: linear maps, convolutions, pooling, normalization and embeddings; vision: padding,
 * resampling, pixel shuffling, sliding blocks and spatial transformers); this class, which adds the distances,
 * {@code normalize} and attention, is where to call them from. The {@code torch.nn} modules call these functions
 * as PyTorch's modules call {@code F}. PyTorch's ValueError, RuntimeError and AssertionError are
 * {@link IllegalArgumentException}s, its NotImplementedError an {@link UnsupportedOperationException}, and its
 * warnings go to {@link org.jitdispatch.kernels.structured.Warnings}.
 *
 * <p>Left out: the deprecated {@code size_average} and {@code reduce} arguments, softmax's deprecated implicit
 * dim, normalize's {@code out=}, and what has no operator here: interpolate's {@code "nearest-exact"} mode and
 * {@code antialias}, {@code conv_tbc}, {@code native_channel_shuffle}, embedding_bag's {@code scale_grad_by_freq}
 * and {@code sparse} (embedding_bag itself is composed of other operators; see its documentation).
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

    /**
     * {@code F.multi_head_attention_forward} with its required arguments: training, no masks, the attention weights
     * averaged over the heads. Returns the output and the weights.
     */
    public static Tensor[] multi_head_attention_forward(Tensor query, Tensor key, Tensor value, long embedDimToCheck,
            long numHeads, Tensor inProjWeight, Tensor inProjBias, Tensor biasK, Tensor biasV, boolean addZeroAttn,
            double dropoutP, Tensor outProjWeight, Tensor outProjBias) {
        return multi_head_attention_forward(query, key, value, embedDimToCheck, numHeads, inProjWeight, inProjBias,
                biasK, biasV, addZeroAttn, dropoutP, outProjWeight, outProjBias, true, null, true, null, false, null,
                null, null, null, null, true);
    }

    /**
     * {@code F.multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight,
     * in_proj_bias, bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias, training,
     * key_padding_mask, need_weights, attn_mask, use_separate_proj_weight, q_proj_weight, k_proj_weight,
     * v_proj_weight, static_k, static_v, average_attn_weights)}: {@code [L, N, E]} inputs (or unbatched
     * {@code [L, E]}), projected (one packed product when the query, key and value are one tensor, the key and
     * value's together when those two are), the heads folded into the batch, {@code softmax(q k^T / sqrt(head_dim)
     * + mask)} with dropout while training, and the output projection. {@code attnMask} is {@code [L, S]} or
     * {@code [N * heads, L, S]}, bool (true: may not attend), uint8 (deprecated, with PyTorch's warning) or float
     * (added to the scores); {@code keyPaddingMask} is {@code [N, S]}, bool or float. Returns the output and, when
     * {@code needWeights}, the attention weights ({@code [N, L, S]} averaged over the heads, or
     * {@code [N, heads, L, S]}), else null. Which arguments are one tensor is Java's reference identity, Python's
     * {@code is}.
     */
    public static Tensor[] multi_head_attention_forward(Tensor query, Tensor key, Tensor value, long embedDimToCheck,
            long numHeads, Tensor inProjWeight, Tensor inProjBias, Tensor biasK, Tensor biasV, boolean addZeroAttn,
            double dropoutP, Tensor outProjWeight, Tensor outProjBias, boolean training, Tensor keyPaddingMask,
            boolean needWeights, Tensor attnMask, boolean useSeparateProjWeight, Tensor qProjWeight,
            Tensor kProjWeight, Tensor vProjWeight, Tensor staticK, Tensor staticV, boolean averageAttnWeights) {
        return MultiHeadAttentionForward.forward(query, key, value, embedDimToCheck, numHeads, inProjWeight,
                inProjBias, biasK, biasV, addZeroAttn, dropoutP, outProjWeight, outProjBias, training, keyPaddingMask,
                needWeights, attnMask, useSeparateProjWeight, qProjWeight, kProjWeight, vProjWeight, staticK, staticV,
                averageAttnWeights);
    }
}
