package org.jitdispatch.optim;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.Scalar;

/** Gradient clipping ({@code torch.nn.utils.clip_grad_norm_} and {@code clip_grad_value_}), in place. */
public final class GradClipping {
    private GradClipping() {
    }

    /**
     * Scales every gradient by {@code maxNorm / (total + 1e-6)} when that is below 1, where {@code total} is the
     * {@code normType}-norm of all gradients together (infinity for the largest magnitude); returns the total.
     * Parameters without a gradient are skipped; with none, the total is 0.
     */
    public static Tensor clipGradNorm_(List<Tensor> params, double maxNorm, double normType) {
        List<Tensor> grads = new ArrayList<>();
        for (Tensor p : params) {
            if (p.grad() != null) {
                grads.add(p.grad());
            }
        }
        try (NoGrad ignored = NoGrad.enter()) {
            if (grads.isEmpty()) {
                return Torch.zeros(new long[0], null, null, null);
            }
            Tensor total;
            if (normType == Double.POSITIVE_INFINITY) {
                Tensor[] maxima = new Tensor[grads.size()];
                for (int i = 0; i < maxima.length; i++) {
                    maxima[i] = grads.get(i).abs().max();
                }
                total = maxima.length == 1 ? maxima[0] : Torch.stack(maxima, 0).max();
            } else {
                Tensor[] norms = new Tensor[grads.size()];
                for (int i = 0; i < norms.length; i++) {
                    norms[i] = Torch.norm(grads.get(i), Scalar.of(normType));
                }
                total = Torch.norm(Torch.stack(norms, 0), Scalar.of(normType));
            }
            // max_norm / (total + 1e-6) is Tensor.__rtruediv__ in PyTorch: the reciprocal times max_norm
            Tensor coefficient = Torch.clamp(total.add(Scalar.of(1e-6), Scalar.of(1)).reciprocal().mul(Scalar.of(maxNorm)),
                    null, Scalar.of(1.0));
            for (Tensor g : grads) {
                g.mul_(coefficient);
            }
            return total;
        }
    }

    public static Tensor clipGradNorm_(List<Tensor> params, double maxNorm) {
        return clipGradNorm_(params, maxNorm, 2.0);
    }

    /** Clamps every gradient element into [-clipValue, clipValue]. */
    public static void clipGradValue_(List<Tensor> params, double clipValue) {
        try (NoGrad ignored = NoGrad.enter()) {
            for (Tensor p : params) {
                if (p.grad() != null) {
                    p.grad().clamp_(Scalar.of(-clipValue), Scalar.of(clipValue));
                }
            }
        }
    }
}
