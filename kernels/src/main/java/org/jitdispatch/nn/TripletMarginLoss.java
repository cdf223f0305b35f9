package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * Keeps an anchor nearer its positive than its negative by a margin ({@code torch.nn.TripletMarginLoss}): {@code
 * max(0, d(a, p) - d(a, n) + margin)} with the p-norm distance; {@code swap} uses the nearer of {@code d(a, n)} and
 * {@code d(p, n)}.
 */
public final class TripletMarginLoss {
    private final double margin;
    private final double p;
    private final double eps;
    private final boolean swap;
    private final String reduction;

    public TripletMarginLoss() {
        this(1.0, 2.0, 1e-6, false, "mean");
    }

    public TripletMarginLoss(double margin, double p, double eps, boolean swap, String reduction) {
        this.margin = margin;
        this.p = p;
        this.eps = eps;
        this.swap = swap;
        Loss.reductionEnum(reduction); // refuses an unknown name at construction
        this.reduction = reduction;
    }

    public Tensor forward(Tensor anchor, Tensor positive, Tensor negative) {
        return Functional.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction);
    }

    /** PyTorch's losses have no extra_repr: the name alone, whatever the margin and norm. */
    @Override
    public String toString() {
        return "TripletMarginLoss()";
    }
}
