package org.jitdispatch.optim;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * The gradient an update follows, as PyTorch 1.13's single-tensor rules begin. The {@code .grad} itself is never
 * changed: what differs from it is written into the parameter's scratch tensor.
 */
final class Gradients {
    private Gradients() {
    }

    /** {@code grad = grad if not maximize else -grad}. */
    static Tensor maximized(Tensor grad, boolean maximize, Tensor scratch) {
        return maximize ? Torch.neg_out(scratch, grad) : grad;
    }

    /** {@code grad = grad.add(param, alpha=weight_decay)} when the decay is not 0 (the L2 penalty). */
    static Tensor weightDecayed(Tensor grad, Tensor param, double weightDecay, Tensor scratch) {
        if (weightDecay == 0) {
            return grad;
        }
        return (grad == scratch ? scratch : scratch.copy_(grad)).add_(param, Scalar.of(weightDecay));
    }

    /** Both, in that order. */
    static Tensor effective(Tensor grad, Tensor param, boolean maximize, double weightDecay, Tensor scratch) {
        return weightDecayed(maximized(grad, maximize, scratch), param, weightDecay, scratch);
    }
}
