package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Adam ({@code torch.optim.Adam}), and AdamW with {@code decoupledWeightDecay}, with PyTorch 1.13's update rule
 * ({@code _single_tensor_adam} / {@code _single_tensor_adamw}):
 * <pre>
 *   grad = maximize ? -grad : grad
 *   AdamW: param *= 1 - lr * weight_decay          Adam: grad += weight_decay * param
 *   m = beta1 * m + (1 - beta1) * grad
 *   v = beta2 * v + (1 - beta2) * grad * grad
 *   vmax = max(vmax, v)                             (amsgrad only; then vmax for v below)
 *   param -= lr / (1 - beta1^t) * m / (sqrt(v) / sqrt(1 - beta2^t) + eps)
 * </pre>
 * each step written into the state ({@code step}, {@code exp_avg}, {@code exp_avg_sq}, {@code max_exp_avg_sq})
 * and scratch tensors in place, in ATen's operation order. Not PyTorch's {@code capturable}, {@code fused} or
 * {@code foreach} variants.
 */
public class Adam extends Optimizer implements HasBetas {
    private static final String EXP_AVG = "exp_avg";
    private static final String EXP_AVG_SQ = "exp_avg_sq";
    private static final String MAX_EXP_AVG_SQ = "max_exp_avg_sq";
    private double beta1;
    private final double beta2;
    private final double eps;
    private final double weightDecay;
    private final boolean decoupledWeightDecay;
    private final boolean amsgrad;
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch denom;

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
        this(params, lr, beta1, beta2, eps, weightDecay, decoupledWeightDecay, amsgrad, false);
    }

    /** {@code maximize}: ascend the objective (PyTorch's {@code maximize=True}). */
    public Adam(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            boolean decoupledWeightDecay, boolean amsgrad, boolean maximize) {
        super(params, lr);
        checkNonNegative("epsilon value", eps);
        Betas.check(beta1, beta2);
        checkNonNegative("weight_decay value", weightDecay);
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.eps = eps;
        this.weightDecay = weightDecay;
        this.decoupledWeightDecay = decoupledWeightDecay;
        this.amsgrad = amsgrad;
        this.maximize = maximize;
        this.gradScratch = new Scratch(this.params.size());
        this.denom = new Scratch(this.params.size());
    }

    @Override
    public final double beta1() {
        return beta1;
    }

    @Override
    public final double beta2() {
        return beta2;
    }

    @Override
    public final void setBeta1(double beta1) {
        this.beta1 = beta1;
    }

    @Override
    protected final void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newCount());
        state.put(EXP_AVG, Torch.zeros_like(param));
        state.put(EXP_AVG_SQ, Torch.zeros_like(param));
        if (amsgrad) {
            state.put(MAX_EXP_AVG_SQ, Torch.zeros_like(param));
        }
    }

    @Override
    protected final void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        Tensor scratch = gradScratch.of(i, param);
        double step;
        double lr = lr();
        if (decoupledWeightDecay) {
            grad = Gradients.maximized(grad, maximize, scratch);
            step = StepCount.increment(state.get(StepCount.NAME));
            param.mul_(Scalar.of(1 - lr * weightDecay));
        } else {
            step = StepCount.increment(state.get(StepCount.NAME));
            grad = Gradients.effective(grad, param, maximize, weightDecay, scratch);
        }
        Tensor m = state.get(EXP_AVG);
        Tensor v = state.get(EXP_AVG_SQ);
        Tensor d = denom.of(i, param);
        m.mul_(Scalar.of(beta1)).add_(grad, Scalar.of(1 - beta1));
        // addcmul_(grad, grad, value=1 - beta2): v + ((1 - beta2) * grad) * grad
        Tensor squared = d.copy_(grad).mul_(Scalar.of(1 - beta2)).mul_(grad);
        v.mul_(Scalar.of(beta2)).add_(squared);
        double biasCorrection1 = 1 - Math.pow(beta1, step);
        double biasCorrection2 = 1 - Math.pow(beta2, step);
        double stepSize = lr / biasCorrection1;
        Tensor second = v;
        if (amsgrad) {
            Tensor max = state.get(MAX_EXP_AVG_SQ);
            second = Torch.maximum_out(max, max, v);
        }
        d.copy_(second).sqrt_().div_(Scalar.of(Math.sqrt(biasCorrection2))).add_(Scalar.of(eps));
        // addcdiv_(m, d, value=-step_size): param + (-step_size * m) / d
        param.add_(scratch.copy_(m).mul_(Scalar.of(-stepSize)).div_(d));
    }

    @Override
    protected final void putHyperparameters(Map<String, Double> into) {
        into.put("betas.0", beta1);
        into.put("betas.1", beta2);
        into.put("eps", eps);
        into.put("weight_decay", weightDecay);
        into.put("amsgrad", flag(amsgrad));
        into.put("maximize", flag(maximize));
    }
}
