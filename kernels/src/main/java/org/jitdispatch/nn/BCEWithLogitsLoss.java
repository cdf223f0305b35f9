package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/**
 * Binary cross entropy of logits ({@code torch.nn.BCEWithLogitsLoss}): a weight per element and a weight of the
 * positive class, both optional.
 */
public final class BCEWithLogitsLoss extends Loss {
    private final Tensor weight;
    private final Tensor posWeight;

    public BCEWithLogitsLoss() {
        this("mean", null, null);
    }

    public BCEWithLogitsLoss(String reduction, Tensor weight, Tensor posWeight) {
        super(reduction);
        this.weight = weight;
        this.posWeight = posWeight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        // torch.nn.functional's check: the aten operator would broadcast a target of another shape
        if (!java.util.Arrays.equals(target.sizes(), input.sizes())) {
            throw new IllegalArgumentException("Target size (" + NormChecks.torchSize(target.sizes())
                    + ") must be the same as input size (" + NormChecks.torchSize(input.sizes()) + ")");
        }
        return Torch.binary_cross_entropy_with_logits(input, target, weight, posWeight, reductionEnum());
    }
}
