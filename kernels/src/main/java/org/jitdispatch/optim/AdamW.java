package org.jitdispatch.optim;

import java.util.List;
import org.jitdispatch.Tensor;

/** Adam with decoupled weight decay ({@code torch.optim.AdamW}; weight_decay defaults to 0.01, as there). */
public final class AdamW extends Adam {
    public AdamW(List<Tensor> params, double lr) {
        this(params, lr, 0.9, 0.999, 1e-8, 0.01);
    }

    public AdamW(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay) {
        this(params, lr, beta1, beta2, eps, weightDecay, false);
    }

    /** {@code amsgrad}: as {@link Adam}'s (PyTorch's {@code amsgrad=True}). */
    public AdamW(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            boolean amsgrad) {
        this(params, lr, beta1, beta2, eps, weightDecay, amsgrad, false);
    }

    /** {@code maximize}: ascend the objective (PyTorch's {@code maximize=True}). */
    public AdamW(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            boolean amsgrad, boolean maximize) {
        super(params, lr, beta1, beta2, eps, weightDecay, true, amsgrad, maximize);
    }
}
