package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Ranks pairs ({@code torch.nn.MarginRankingLoss}): {@code max(0, -y (x1 - x2) + margin)}, where a target of 1
 * says {@code x1} should rank above {@code x2} and -1 the reverse.
 */
public final class MarginRankingLoss {
    private final double margin;
    private final String reduction;

    public MarginRankingLoss() {
        this(0.0, "mean");
    }

    public MarginRankingLoss(double margin, String reduction) {
        this.margin = margin;
        Loss.reductionEnum(reduction); // refuses an unknown name at construction
        this.reduction = reduction;
    }

    public Tensor forward(Tensor input1, Tensor input2, Tensor target) {
        return Functional.margin_ranking_loss(input1, input2, target, margin, reduction);
    }

    @Override
    public String toString() {
        return "MarginRankingLoss()";
    }
}
