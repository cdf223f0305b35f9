package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * Sums, means or maxima of bags of embeddings without building the embeddings of every index
 * ({@code torch.nn.EmbeddingBag}): a 2-D input is a batch of bags of equal length; a 1-D input is cut into bags at
 * {@code offsets} (with {@code includeLastOffset}, the last offset ends the last bag). {@code perSampleWeights}
 * scale each index's embedding in {@code "sum"} mode, an index equal to {@code paddingIdx} counts for nothing, and
 * an empty bag gives zeros. The weight is drawn from N(0, 1) as PyTorch draws it, and {@code maxNorm} renormalizes
 * the rows a lookup reads, as {@code F.embedding_bag} does. Computed over index_select and index_add (the maxima
 * with max, the first of equal values receiving the gradient, as ATen's max mode gives it), so autograd
 * differentiates it; {@code F.embedding_bag}'s checks and messages.
 */
public final class EmbeddingBag extends Module {
    private final long num;
    private final long dim;
    private final String mode;
    private final Long paddingIdx;
    private final Double maxNorm;
    private final double normType;
    private final boolean includeLastOffset;
    private final Tensor weight;

    /** Mean mode, no padding index, no maximum norm. */
    public EmbeddingBag(long num, long dim) {
        this(num, dim, "mean", null, null, 2.0, false, ScalarType.Float32, null);
    }

    public EmbeddingBag(long num, long dim, String mode, Long paddingIdx, Double maxNorm, double normType,
            boolean includeLastOffset, ScalarType dtype, Generator generator) {
        if (!mode.equals("sum") && !mode.equals("mean") && !mode.equals("max")) {
            throw new IllegalArgumentException("mode has to be one of sum, mean or max");
        }
        if (paddingIdx != null && (paddingIdx >= num || paddingIdx < -num)) {
            throw new IllegalArgumentException("padding_idx must be within num_embeddings");
        }
        this.num = num;
        this.dim = dim;
        this.mode = mode;
        this.paddingIdx = paddingIdx == null ? null : paddingIdx < 0 ? paddingIdx + num : paddingIdx;
        this.maxNorm = maxNorm;
        this.normType = normType;
        this.includeLastOffset = includeLastOffset;
        this.weight = registerParameter("weight", Torch.empty(new long[] {num, dim}, dtype, null, null, null, null));
        Init.normal_(weight, 0, 1, generator);
        if (this.paddingIdx != null) {
            try (NoGrad g = NoGrad.enter()) {
                weight.select(0, this.paddingIdx).zero_();
            }
        }
    }

    /** A batch of bags of equal length: {@code input} is {@code [B, N]}. */
    @Override
    public Tensor forward(Tensor input) {
        return forward(input, null, null);
    }

    /** {@code F.embedding_bag(input, weight, offsets, ..., per_sample_weights)}: offsets and weights may be null. */
    public Tensor forward(Tensor input, Tensor offsets, Tensor perSampleWeights) {
        return Functional.embedding_bag(input, weight, offsets, maxNorm, normType, mode, perSampleWeights,
                includeLastOffset, paddingIdx);
    }

    public Tensor weight() {
        return weight;
    }

    /** PyTorch prints the mode unquoted, after the norms and before padding_idx. */
    @Override
    protected String extraRepr() {
        return num + ", " + dim + (maxNorm == null ? "" : ", max_norm=" + PyRepr.of(maxNorm))
                + (normType == 2 ? "" : ", norm_type=" + PyRepr.of(normType)) + ", mode=" + mode
                + (paddingIdx == null ? "" : ", padding_idx=" + paddingIdx);
    }
}
