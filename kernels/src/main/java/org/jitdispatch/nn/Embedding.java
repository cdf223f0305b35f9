package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Generator;
import org.jitdispatch.runtime.ScalarType;

/**
 * A lookup table of {@code num} vectors of {@code dim} values ({@code torch.nn.Embedding}), initialised from
 * N(0, 1) as PyTorch does; the row of {@code paddingIdx} (if any) starts at zero and gets no gradient. With a
 * {@code maxNorm}, each lookup first scales the rows it reads down to that {@code normType}-norm, in place and outside
 * autograd, as {@code F.embedding} does.
 */
public final class Embedding extends Module {
    private final long num;
    private final long dim;
    private final Long paddingIdx;
    private final Double maxNorm;
    private final double normType;
    private final Tensor weight;

    public Embedding(long num, long dim) {
        this(num, dim, null, ScalarType.Float32, null);
    }

    public Embedding(long num, long dim, Long paddingIdx, ScalarType dtype, Generator generator) {
        this(num, dim, paddingIdx, null, 2.0, dtype, generator);
    }

    /** With {@code maxNorm} (null for none) and the norm's {@code normType}, 2 by default in PyTorch. */
    public Embedding(long num, long dim, Long paddingIdx, Double maxNorm, double normType, ScalarType dtype,
            Generator generator) {
        this.maxNorm = maxNorm;
        this.normType = normType;
        this.num = num;
        this.dim = dim;
        if (paddingIdx != null && (paddingIdx >= num || paddingIdx < -num)) {
            throw new IllegalArgumentException("Padding_idx must be within num_embeddings");
        }
        this.paddingIdx = paddingIdx == null ? null : paddingIdx < 0 ? paddingIdx + num : paddingIdx;
        this.weight = registerParameter("weight", Torch.empty(new long[] {num, dim}, dtype, null, null, null, null));
        Init.normal_(weight, 0, 1, generator);
        if (this.paddingIdx != null) {
            try (NoGrad g = NoGrad.enter()) {
                weight.select(0, this.paddingIdx).zero_();
            }
        }
    }

    @Override
    public Tensor forward(Tensor indices) {
        return Functional.embedding(indices, weight, paddingIdx, maxNorm, normType, false, false);
    }

    public Tensor weight() {
        return weight;
    }

    @Override
    protected String extraRepr() {
        return num + ", " + dim + (paddingIdx == null ? "" : ", padding_idx=" + paddingIdx)
                + (maxNorm == null ? "" : ", max_norm=" + PyRepr.of(maxNorm))
                + (normType == 2 ? "" : ", norm_type=" + PyRepr.of(normType));
    }
}
