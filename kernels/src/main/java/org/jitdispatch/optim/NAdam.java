package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * NAdam, Adam with Nesterov momentum ({@code torch.optim.NAdam}), with PyTorch 1.13's update rule
 * ({@code _single_tensor_nadam}):
 * <pre>
 *   grad += weight_decay * param
 *   mu = beta1 * (1 - 0.5 * 0.96^(t * momentum_decay)),  mu_next the same at t + 1
 *   mu_product *= mu                                      (a float32 0-dim tensor, as PyTorch's)
 *   m = beta1 * m + (1 - beta1) * grad
 *   v = beta2 * v + (1 - beta2) * grad * grad
 *   denom = sqrt(v / (1 - beta2^t)) + eps
 *   param -= lr * (1 - mu) / (1 - mu_product) * grad / denom
 *   param -= lr * mu_next / (1 - mu_product * mu_next) * m / denom
 * </pre>
 * in ATen's operation order, into the state ({@code step}, {@code mu_product}, {@code exp_avg},
 * {@code exp_avg_sq}) and scratch tensors. 1.13's NAdam has no {@code maximize}.
 */
public final class NAdam extends AdamFamily {
    private static final String MU_PRODUCT = "mu_product";
    private static final String EXP_AVG = "exp_avg";
    private static final String EXP_AVG_SQ = "exp_avg_sq";
    private final double momentumDecay;
    private final Scratch gradScratch;
    private final Scratch denom;
    /** mu_product * mu * mu_next, computed as PyTorch does: in a float32 0-dim tensor. */
    private final Tensor muProductNext = Torch.zeros(new long[0], ScalarType.Float32);

    /** PyTorch's defaults: lr 2e-3, betas (0.9, 0.999), eps 1e-8, momentum_decay 4e-3. */
    public NAdam(List<Tensor> params) {
        this(params, 2e-3, 0.9, 0.999, 1e-8, 0, 4e-3);
    }

    public NAdam(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay,
            double momentumDecay) {
        super(params, lr, beta1, beta2, eps, weightDecay);
        checkNonNegative("momentum_decay value", momentumDecay);
        this.momentumDecay = momentumDecay;
        gradScratch = new Scratch(this.params.size());
        denom = new Scratch(this.params.size());
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newCount());
        state.put(MU_PRODUCT, Torch.ones(new long[0], ScalarType.Float32));
        state.put(EXP_AVG, Torch.zeros_like(param));
        state.put(EXP_AVG_SQ, Torch.zeros_like(param));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        double step = StepCount.increment(state.get(StepCount.NAME));
        double biasCorrection2 = 1 - Math.pow(beta2, step);
        grad = Gradients.weightDecayed(grad, param, weightDecay, gradScratch.of(i, param));
        double mu = beta1 * (1. - 0.5 * Math.pow(0.96, step * momentumDecay));
        double muNext = beta1 * (1. - 0.5 * Math.pow(0.96, (step + 1) * momentumDecay));
        Tensor muProduct = state.get(MU_PRODUCT).mul_(Scalar.of(mu));
        double productNext = muProductNext.copy_(muProduct).mul_(Scalar.of(mu)).mul_(Scalar.of(muNext)).item()
                .toDouble();
        Tensor expAvg = state.get(EXP_AVG).mul_(Scalar.of(beta1)).add_(grad, Scalar.of(1 - beta1));
        Tensor expAvgSq = state.get(EXP_AVG_SQ).mul_(Scalar.of(beta2)).addcmul_(grad, grad, Scalar.of(1 - beta2));
        Tensor d = denom.of(i, param).copy_(expAvgSq).div_(Scalar.of(biasCorrection2)).sqrt_().add_(Scalar.of(eps));
        double lr = lr();
        param.addcdiv_(grad, d, Scalar.of(-lr * (1. - mu) / (1. - muProduct.item().toDouble())));
        param.addcdiv_(expAvg, d, Scalar.of(-lr * muNext / (1. - productNext)));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("betas.0", beta1);
        into.put("betas.1", beta2);
        into.put("eps", eps);
        into.put("weight_decay", weightDecay);
        into.put("momentum_decay", momentumDecay);
    }
}
