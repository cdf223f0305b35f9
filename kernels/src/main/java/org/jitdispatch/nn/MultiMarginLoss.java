package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The multi-class hinge loss ({@code torch.nn.MultiMarginLoss}): for each sample, the mean over the other classes
 * of {@code max(0, margin - x[y] + x[j])^p}, p 1 or 2, optionally weighted per class.
 */
public final class MultiMarginLoss extends Loss {
    private final long p;
    private final double margin;
    private final Tensor weight;

    public MultiMarginLoss() {
        this(1, 1.0, null, "mean");
    }

    public MultiMarginLoss(long p, double margin, Tensor weight, String reduction) {
        super(reduction);
        if (p != 1 && p != 2) {
            throw new IllegalArgumentException("only p == 1 and p == 2 supported");
        }
        this.p = p;
        this.margin = margin;
        this.weight = weight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        return Functional.multi_margin_loss(input, target, p, margin, weight, reduction());
    }
}
