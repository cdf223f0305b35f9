package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * {@code x} where the target is 1 and {@code max(0, margin - x)} where it is -1, for distances {@code x} between
 * pairs ({@code torch.nn.HingeEmbeddingLoss}, margin 1 by default).
 */
public final class HingeEmbeddingLoss extends Loss {
    private final double margin;

    public HingeEmbeddingLoss() {
        this(1.0, "mean");
    }

    public HingeEmbeddingLoss(double margin, String reduction) {
        super(reduction);
        this.margin = margin;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.hinge_embedding_loss(input, target, margin, reduction());
    }
}
