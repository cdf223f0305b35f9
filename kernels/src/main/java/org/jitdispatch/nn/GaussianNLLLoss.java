package org.jitdispatch.nn;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;

/**
 * The negative log-likelihood of a Gaussian with a predicted variance ({@code torch.nn.GaussianNLLLoss}): {@code
 * 0.5 (log(var) + (input - target)^2 / var)}, plus {@code 0.5 log(2 pi)} when {@code full}. The variance has the
 * input's shape (one per element), or one dim fewer or a last dim of 1 (one per sample); it is clamped to
 * {@code eps} from below, without that clamp taking part in its gradient, as PyTorch's functional form does.
 */
public final class GaussianNLLLoss {
    private final boolean full;
    private final double eps;
    private final long reduction;

    public GaussianNLLLoss() {
        this(false, 1e-6, "mean");
    }

    public GaussianNLLLoss(boolean full, double eps, String reduction) {
        this.full = full;
        this.eps = eps;
        this.reduction = Loss.reductionEnum(reduction);
    }

    public Tensor forward(Tensor input, Tensor target, Tensor var) {
        long[] in = input.sizes();
        long[] v = var.sizes();
        if (!Arrays.equals(in, v)) {
            long[] leading = Arrays.copyOf(in, Math.max(0, in.length - 1));
            if (Arrays.equals(leading, v)) {
                var = var.unsqueeze(-1);
            } else if (!(v.length > 0 && Arrays.equals(leading, Arrays.copyOf(v, v.length - 1)) && v[v.length - 1] == 1)) {
                throw new IllegalArgumentException("var is of incorrect size");
            }
        }
        if (Torch.any(var.lt(Scalar.of(0))).item().toBoolean()) {
            throw new IllegalArgumentException("var has negative entry/entries");
        }
        var = var.clone(null);
        try (NoGrad g = NoGrad.enter()) {
            var.clamp_(Scalar.of(eps), null);
        }
        Tensor diff = input.sub(target);
        Tensor loss = var.log().add(diff.mul(diff).div(var)).mul(Scalar.of(0.5));
        if (full) {
            loss = loss.add(Scalar.of(0.5 * Math.log(2 * Math.PI)));
        }
        return reduction == 1 ? loss.mean() : reduction == 2 ? loss.sum() : loss;
    }

    @Override
    public String toString() {
        return "GaussianNLLLoss()";
    }
}
