package org.jitdispatch.nn;

import org.jitdispatch.Tensor;

/**
 * The connectionist temporal classification loss ({@code torch.nn.CTCLoss}): the negative log likelihood of a
 * target sequence summed over every alignment of it to the input frames, for log-probabilities {@code [T, N, C]}
 * (or {@code [T, C]} for one sequence) and targets padded {@code [N, S]} or concatenated. With reduction
 * {@code "mean"} each loss is divided by its target length before the batch mean; {@code zeroInfinity} turns the
 * infinite loss of an impossible alignment, and its gradient, into 0.
 */
public final class CTCLoss {
    private final long blank;
    private final String reduction;
    private final boolean zeroInfinity;

    public CTCLoss() {
        this(0, "mean", false);
    }

    public CTCLoss(long blank, String reduction, boolean zeroInfinity) {
        this.blank = blank;
        Loss.reductionEnum(reduction); // refuses an unknown name at construction
        this.reduction = reduction;
        this.zeroInfinity = zeroInfinity;
    }

    /** The loss with each sequence's input and target length given as integral tensors. */
    public Tensor forward(Tensor logProbs, Tensor targets, Tensor inputLengths, Tensor targetLengths) {
        return Functional.ctc_loss(logProbs, targets, inputLengths, targetLengths, blank, reduction, zeroInfinity);
    }

    /** The loss with each sequence's input and target length given as arrays. */
    public Tensor forward(Tensor logProbs, Tensor targets, long[] inputLengths, long[] targetLengths) {
        return Functional.ctc_loss(logProbs, targets, inputLengths, targetLengths, blank, reduction, zeroInfinity);
    }

    @Override
    public String toString() {
        return "CTCLoss()";
    }
}
