package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * Pulls pairs of embeddings together or apart by their cosine ({@code torch.nn.CosineEmbeddingLoss}): {@code 1 -
 * cos(x1, x2)} for a target of 1, {@code max(0, cos(x1, x2) - margin)} for -1.
 */
public final class CosineEmbeddingLoss {
    private final double margin;
    private final long reduction;

    public CosineEmbeddingLoss() {
        this(0.0, "mean");
    }

    public CosineEmbeddingLoss(double margin, String reduction) {
        this.margin = margin;
        this.reduction = Loss.reductionEnum(reduction);
    }

    public Tensor forward(Tensor input1, Tensor input2, Tensor target) {
        return Torch.cosine_embedding_loss(input1, input2, target, margin, reduction);
    }

    @Override
    public String toString() {
        return "CosineEmbeddingLoss()";
    }
}
