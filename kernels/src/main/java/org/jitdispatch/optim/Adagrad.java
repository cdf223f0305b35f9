package org.jitdispatch.optim;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Adagrad with PyTorch 1.13's update rule ({@code _single_tensor_adagrad}):
 * <pre>
 *   grad += weight_decay * param
 *   clr = lr / (1 + (step - 1) * lr_decay)
 *   sum += grad * grad
 *   param -= clr * grad / (sqrt(sum) + eps)
 * </pre>
 * the sums starting at {@code initial_accumulator_value}.
 */
public final class Adagrad extends Optimizer {
    private final double lrDecay;
    private final double weightDecay;
    private final double eps;
    private final long[] steps;
    private final Tensor[] stateSum;
    private final Tensor[] gradScratch;
    private final Tensor[] std;

    public Adagrad(List<Tensor> params, double lr) {
        this(params, lr, 0, 0, 0, 1e-10);
    }

    public Adagrad(List<Tensor> params, double lr, double lrDecay, double weightDecay, double initialAccumulatorValue,
            double eps) {
        super(params, lr);
        checkNonNegative("lr_decay value", lrDecay);
        checkNonNegative("weight_decay value", weightDecay);
        checkNonNegative("initial_accumulator_value value", initialAccumulatorValue);
        checkNonNegative("epsilon value", eps);
        this.lrDecay = lrDecay;
        this.weightDecay = weightDecay;
        this.eps = eps;
        int n = this.params.size();
        steps = new long[n];
        stateSum = new Tensor[n];
        gradScratch = new Tensor[n];
        std = new Tensor[n];
        for (int i = 0; i < n; i++) {
            // PyTorch fills the sums when the optimizer is made, not at the first step
            stateSum[i] = Torch.full_like(this.params.get(i), Scalar.of(initialAccumulatorValue), null, null, null, null,
                    null);
        }
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad) {
        if (gradScratch[i] == null) {
            gradScratch[i] = Torch.empty_like(param);
            std[i] = Torch.empty_like(param);
        }
        long step = ++steps[i];
        if (weightDecay != 0) {
            grad = gradScratch[i].copy_(grad).add_(param, Scalar.of(weightDecay));
        }
        double clr = lr() / (1 + (step - 1) * lrDecay);
        stateSum[i].addcmul_(grad, grad, Scalar.of(1));
        Tensor s = std[i].copy_(stateSum[i]).sqrt_().add_(Scalar.of(eps));
        param.addcdiv_(grad, s, Scalar.of(-clr));
    }
}
