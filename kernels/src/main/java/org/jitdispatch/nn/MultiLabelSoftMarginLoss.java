package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * One logistic loss per class, averaged over the classes ({@code torch.nn.MultiLabelSoftMarginLoss}), for targets of
 * 0 and 1 with any number of classes set: {@code -(y log sigmoid(x) + (1 - y) log sigmoid(-x))}, optionally
 * weighted per class, written over log_sigmoid as PyTorch's functional form is.
 */
public final class MultiLabelSoftMarginLoss extends Loss {
    private final Tensor weight;

    public MultiLabelSoftMarginLoss() {
        this(null, "mean");
    }

    public MultiLabelSoftMarginLoss(Tensor weight, String reduction) {
        super(reduction);
        this.weight = weight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        Tensor loss = target.mul(Torch.log_sigmoid(input))
                .add(Torch.rsub(target, org.jitdispatch.runtime.Scalar.of(1)).mul(Torch.log_sigmoid(input.neg())))
                .neg();
        if (weight != null) {
            loss = loss.mul(weight);
        }
        long classDim = input.dim() - 1;
        Tensor perSample = Torch.sum(loss, new long[] {classDim}, false, null)
                .div(org.jitdispatch.runtime.Scalar.of(input.size((int) classDim)));
        long reduction = reductionEnum();
        return reduction == 1 ? perSample.mean() : reduction == 2 ? perSample.sum() : perSample;
    }
}
