package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Pulls pairs of embeddings together or apart by their cosine ({@code torch.nn.CosineEmbeddingLoss}): {@code 1 -
 * cos(x1, x2)} for a target of 1, {@code max(0, cos(x1, x2) - margin)} for -1.
 */
public final class CosineEmbeddingLoss {
    private final double margin;
    private final String reduction;

    public CosineEmbeddingLoss() {
        this(0.0, "mean");
    }

    public CosineEmbeddingLoss(double margin, String reduction) {
        this.margin = margin;
        Loss.reductionEnum(reduction); // refuses an unknown name at construction
        this.reduction = reduction;
    }

    public Tensor forward(Tensor input1, Tensor input2, Tensor target) {
        return Functional.cosine_embedding_loss(input1, input2, target, margin, reduction);
    }

    @Override
    public String toString() {
        return "CosineEmbeddingLoss()";
    }
}
