package org.jitdispatch.optim;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * PyTorch 1.13's per-parameter {@code state['step']}: {@code torch.tensor(0.)}, a 0-dim tensor of the default
 * dtype (float32), incremented in place and read with {@code item()}, so it stalls at 2^24 as PyTorch's does.
 * Rprop and Adadelta count with a Python int instead: {@link #newIntegerCount()}.
 */
final class StepCount {
    static final String NAME = "step";
    private static final Scalar ONE = Scalar.of(1);

    private StepCount() {
    }

    static Tensor newCount() {
        return Torch.zeros(new long[0], ScalarType.Float32);
    }

    static Tensor newIntegerCount() {
        return Torch.zeros(new long[0], ScalarType.Int64);
    }

    /** {@code step_t += 1; step = step_t.item()}. */
    static double increment(Tensor step) {
        step.add_(ONE);
        return step.item().toDouble();
    }
}
