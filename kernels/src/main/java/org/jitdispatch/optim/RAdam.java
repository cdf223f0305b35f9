package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * RAdam, rectified Adam ({@code torch.optim.RAdam}), with PyTorch 1.13's update rule
 * ({@code _single_tensor_radam}):
 * <pre>
 *   grad += weight_decay * param
 *   m = beta1 * m + (1 - beta1) * grad,  v = beta2 * v + (1 - beta2) * grad * grad
 *   rho_inf = 2 / (1 - beta2) - 1,  rho_t = rho_inf - 2 t beta2^t / (1 - beta2^t)
 *   rho_t &gt; 5: param -= m / (1 - beta1^t) * lr * (sqrt(1 - beta2^t) / (sqrt(v) + eps)) * rect
 *   otherwise:  param -= m / (1 - beta1^t) * lr
 * </pre>
 * with rect = sqrt((rho_t - 4)(rho_t - 2) rho_inf / ((rho_inf - 4)(rho_inf - 2) rho_t)); {@code a / tensor} is
 * {@code tensor.reciprocal() * a} as PyTorch's {@code __rtruediv__} computes it. In ATen's operation order, into
 * the state ({@code step}, {@code exp_avg}, {@code exp_avg_sq}) and scratch tensors. 1.13's RAdam has no
 * {@code maximize}.
 */
public final class RAdam extends AdamFamily {
    private static final String EXP_AVG = "exp_avg";
    private static final String EXP_AVG_SQ = "exp_avg_sq";
    private final Scratch gradScratch;
    private final Scratch correctedAvg;
    private final Scratch adaptiveLr;

    /** PyTorch's defaults: lr 1e-3, betas (0.9, 0.999), eps 1e-8. */
    public RAdam(List<Tensor> params) {
        this(params, 1e-3, 0.9, 0.999, 1e-8, 0);
    }

    public RAdam(List<Tensor> params, double lr, double beta1, double beta2, double eps, double weightDecay) {
        super(params, lr, beta1, beta2, eps, weightDecay);
        int n = this.params.size();
        gradScratch = new Scratch(n);
        correctedAvg = new Scratch(n);
        adaptiveLr = new Scratch(n);
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newCount());
        state.put(EXP_AVG, Torch.zeros_like(param));
        state.put(EXP_AVG_SQ, Torch.zeros_like(param));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        double step = StepCount.increment(state.get(StepCount.NAME));
        double biasCorrection1 = 1 - Math.pow(beta1, step);
        double biasCorrection2 = 1 - Math.pow(beta2, step);
        grad = Gradients.weightDecayed(grad, param, weightDecay, gradScratch.of(i, param));
        Tensor expAvg = state.get(EXP_AVG).mul_(Scalar.of(beta1)).add_(grad, Scalar.of(1 - beta1));
        Tensor expAvgSq = state.get(EXP_AVG_SQ).mul_(Scalar.of(beta2)).addcmul_(grad, grad, Scalar.of(1 - beta2));
        Tensor update = correctedAvg.of(i, param).copy_(expAvg).div_(Scalar.of(biasCorrection1));
        double rhoInf = 2 / (1 - beta2) - 1;
        double rhoT = rhoInf - 2 * step * Math.pow(beta2, step) / biasCorrection2;
        double lr = lr();
        if (rhoT > 5.) {
            double rect = Math.sqrt((rhoT - 4) * (rhoT - 2) * rhoInf / ((rhoInf - 4) * (rhoInf - 2) * rhoT));
            Tensor adaptive = adaptiveLr.of(i, param).copy_(expAvgSq).sqrt_().add_(Scalar.of(eps)).reciprocal_()
                    .mul_(Scalar.of(Math.sqrt(biasCorrection2)));
            update.mul_(Scalar.of(lr)).mul_(adaptive).mul_(Scalar.of(rect));
        } else {
            update.mul_(Scalar.of(lr));
        }
        param.add_(update, Scalar.of(-1.0));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("betas.0", beta1);
        into.put("betas.1", beta2);
        into.put("eps", eps);
        into.put("weight_decay", weightDecay);
    }
}
