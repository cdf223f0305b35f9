package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Adamax, Adam with the infinity norm ({@code torch.optim.Adamax}), with PyTorch 1.13's update rule
 * ({@code _single_tensor_adamax}):
 * <pre>
 *   grad = (maximize ? -grad : grad) + weight_decay * param
 *   m = beta1 * m + (1 - beta1) * grad
 *   u = max(beta2 * u, |grad| + eps)
 *   param -= lr / (1 - beta1^t) * m / u
 * </pre>
 * in ATen's operation order (PyTorch takes the maximum as {@code amax} of the two stacked, the same values),
 * into the state ({@code step}, {@code exp_avg}, {@code exp_inf}) and scratch tensors.
 */
public final class Adamax extends AdamFamily {
    private static final String EXP_AVG = "exp_avg";
    private static final String EXP_INF = "exp_inf";
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch norm;

    /** PyTorch's defaults: lr 2e-3, betas (0.9, 0.999), eps 1e-8. */
    public Adamax(List<Tensor> params) {
        this(params, 2e-3, 0.9, 0.999, 1e-8, 0, false);
    }

    public Adamax(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            boolean maximize) {
        super(params, lr, beta1, beta2, eps, weightDecay);
        this.maximize = maximize;
        gradScratch = new Scratch(this.params.size());
        norm = new Scratch(this.params.size());
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newCount());
        state.put(EXP_AVG, Torch.zeros_like(param));
        state.put(EXP_INF, Torch.zeros_like(param));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        Tensor scratch = gradScratch.of(i, param);
        grad = Gradients.maximized(grad, maximize, scratch);
        double step = StepCount.increment(state.get(StepCount.NAME));
        grad = Gradients.weightDecayed(grad, param, weightDecay, scratch);
        Tensor expAvg = state.get(EXP_AVG).mul_(Scalar.of(beta1)).add_(grad, Scalar.of(1 - beta1));
        Tensor expInf = state.get(EXP_INF).mul_(Scalar.of(beta2));
        Tensor bound = Torch.abs_out(norm.of(i, param), grad).add_(Scalar.of(eps));
        Torch.maximum_out(expInf, expInf, bound);
        double clr = lr() / (1 - Math.pow(beta1, step));
        param.addcdiv_(expAvg, expInf, Scalar.of(-clr));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("betas.0", beta1);
        into.put("betas.1", beta2);
        into.put("eps", eps);
        into.put("weight_decay", weightDecay);
        into.put("maximize", flag(maximize));
    }
}
