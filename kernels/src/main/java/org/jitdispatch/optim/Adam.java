package org.jitdispatch.optim;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Adam, and AdamW with {@code decoupledWeightDecay}, with PyTorch 1.13's update rule
 * ({@code _single_tensor_adam} / {@code _single_tensor_adamw}):
 * <pre>
 *   AdamW: param *= 1 - lr * weight_decay          Adam: grad += weight_decay * param
 *   m = beta1 * m + (1 - beta1) * grad
 *   v = beta2 * v + (1 - beta2) * grad * grad
 *   vmax = max(vmax, v)                             (amsgrad only; then vmax for v below)
 *   param -= lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
 * </pre>
 * each step written into the state and scratch tensors in place, in ATen's operation order.
 */
public class Adam extends Optimizer {
    private final double beta1;
    private final double beta2;
    private final double eps;
    private final double weightDecay;
    private final boolean decoupledWeightDecay;
    private final boolean amsgrad;
    private final long[] steps;
    private final Tensor[] expAvg;
    private final Tensor[] expAvgSq;
    /** amsgrad's running maximum of expAvgSq (max_exp_avg_sq), null without amsgrad. */
    private final Tensor[] maxExpAvgSq;
    private final Tensor[] gradScratch;
    private final Tensor[] denom;

    public Adam(List<Tensor> params, double lr) {
        this(params, lr, 0.9, 0.999, 1e-8, 0, false);
    }

    public Adam(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            boolean decoupledWeightDecay) {
        this(params, lr, beta1, beta2, eps, weightDecay, decoupledWeightDecay, false);
    }

    /**
     * {@code amsgrad}: normalize by the largest second moment seen so far rather than the current one (PyTorch's
     * {@code amsgrad=True}).
     */
    public Adam(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            boolean decoupledWeightDecay, boolean amsgrad) {
        super(params, lr);
        checkNonNegative("epsilon value", eps);
        checkNonNegative("weight_decay value", weightDecay);
        if (!(beta1 >= 0 && beta1 < 1)) {
            throw new IllegalArgumentException("Invalid beta parameter at index 0: " + beta1);
        }
        if (!(beta2 >= 0 && beta2 < 1)) {
            throw new IllegalArgumentException("Invalid beta parameter at index 1: " + beta2);
        }
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.eps = eps;
        this.weightDecay = weightDecay;
        this.decoupledWeightDecay = decoupledWeightDecay;
        this.amsgrad = amsgrad;
        int n = this.params.size();
        this.maxExpAvgSq = amsgrad ? new Tensor[n] : null;
        this.steps = new long[n];
        this.expAvg = new Tensor[n];
        this.expAvgSq = new Tensor[n];
        this.gradScratch = new Tensor[n];
        this.denom = new Tensor[n];
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad) {
        if (expAvg[i] == null) {
            expAvg[i] = Torch.zeros_like(param);
            expAvgSq[i] = Torch.zeros_like(param);
            gradScratch[i] = Torch.empty_like(param);
            denom[i] = Torch.empty_like(param);
            if (amsgrad) {
                maxExpAvgSq[i] = Torch.zeros_like(param);
            }
        }
        long step = ++steps[i];
        double lr = lr();
        if (decoupledWeightDecay) {
            param.mul_(Scalar.of(1 - lr * weightDecay));
        } else if (weightDecay != 0) {
            grad = gradScratch[i].copy_(grad).add_(param, Scalar.of(weightDecay));
        }
        Tensor m = expAvg[i];
        Tensor v = expAvgSq[i];
        m.mul_(Scalar.of(beta1)).add_(grad, Scalar.of(1 - beta1));
        // addcmul_(grad, grad, value=1 - beta2): v + ((1 - beta2) * grad) * grad
        Tensor squared = denom[i].copy_(grad).mul_(Scalar.of(1 - beta2)).mul_(grad);
        v.mul_(Scalar.of(beta2)).add_(squared);
        double biasCorrection1 = 1 - Math.pow(beta1, step);
        double biasCorrection2 = 1 - Math.pow(beta2, step);
        double stepSize = lr / biasCorrection1;
        Tensor second = v;
        if (amsgrad) {
            second = Torch.maximum_out(maxExpAvgSq[i], maxExpAvgSq[i], v);
        }
        Tensor d = denom[i].copy_(second).sqrt_().div_(Scalar.of(Math.sqrt(biasCorrection2))).add_(Scalar.of(eps));
        // addcdiv_(m, d, value=-step_size): param + (-step_size * m) / d
        param.add_(gradScratch[i].copy_(m).mul_(Scalar.of(-stepSize)).div_(d));
    }
}
