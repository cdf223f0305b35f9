package org.jitdispatch.nn;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;

/** Binary cross entropy of probabilities ({@code torch.nn.BCELoss}), with an optional weight per element. */
public final class BCELoss extends Loss {
    private final Tensor weight;

    public BCELoss() {
        this("mean", null);
    }

    public BCELoss(String reduction, Tensor weight) {
        super(reduction);
        this.weight = weight;
    }

    @Override
    public Tensor forward(Tensor input, Tensor target) {
        // torch.nn.functional's check: the aten operator would broadcast a target of another shape
        if (!java.util.Arrays.equals(target.sizes(), input.sizes())) {
            throw new IllegalArgumentException("Using a target size (" + NormChecks.torchSize(target.sizes())
                    + ") that is different to the input size (" + NormChecks.torchSize(input.sizes())
                    + ") is deprecated. Please ensure they have the same size.");
        }
        return Torch.binary_cross_entropy(input, target, weight, reductionEnum());
    }
}
