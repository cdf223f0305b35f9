package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Adagrad ({@code torch.optim.Adagrad}) with PyTorch 1.13's update rule ({@code _single_tensor_adagrad}):
 * <pre>
 *   grad = (maximize ? -grad : grad) + weight_decay * param
 *   clr = lr / (1 + (step - 1) * lr_decay)
 *   sum += grad * grad
 *   param -= clr * grad / (sqrt(sum) + eps)
 * </pre>
 * the sums starting at {@code initial_accumulator_value}; the state ({@code step}, {@code sum}) is made with the
 * optimizer, as PyTorch makes it. Dense gradients only.
 */
public final class Adagrad extends Optimizer {
    private static final String SUM = "sum";
    private final double lrDecay;
    private final double weightDecay;
    private final double initialAccumulatorValue;
    private final double eps;
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch std;

    public Adagrad(List<Tensor> params, double lr) {
        this(params, lr, 0, 0, 0, 1e-10);
    }

    public Adagrad(List<Tensor> params, double lr, double lrDecay, double weightDecay, double initialAccumulatorValue,
            double eps) {
        this(params, lr, lrDecay, weightDecay, initialAccumulatorValue, eps, false);
    }

    /** {@code maximize}: ascend the objective (PyTorch's {@code maximize=True}). */
    public Adagrad(List<Tensor> params, double lr, double lrDecay, double weightDecay, double initialAccumulatorValue,
            double eps, boolean maximize) {
        super(params, lr);
        checkNonNegative("lr_decay value", lrDecay);
        checkNonNegative("weight_decay value", weightDecay);
        checkNonNegative("initial_accumulator_value value", initialAccumulatorValue);
        checkNonNegative("epsilon value", eps);
        this.lrDecay = lrDecay;
        this.weightDecay = weightDecay;
        this.initialAccumulatorValue = initialAccumulatorValue;
        this.eps = eps;
        this.maximize = maximize;
        int n = this.params.size();
        gradScratch = new Scratch(n);
        std = new Scratch(n);
        for (int i = 0; i < n; i++) {
            // PyTorch fills the sums when the optimizer is made, not at the first step
            initState(this.params.get(i), state(i));
        }
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newCount());
        state.put(SUM, Torch.full_like(param, Scalar.of(initialAccumulatorValue), null, null, null, null, null));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        double step = StepCount.increment(state.get(StepCount.NAME));
        grad = Gradients.effective(grad, param, maximize, weightDecay, gradScratch.of(i, param));
        double clr = lr() / (1 + (step - 1) * lrDecay);
        Tensor sum = state.get(SUM).addcmul_(grad, grad, Scalar.of(1));
        Tensor s = std.of(i, param).copy_(sum).sqrt_().add_(Scalar.of(eps));
        param.addcdiv_(grad, s, Scalar.of(-clr));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("lr_decay", lrDecay);
        into.put("eps", eps);
        into.put("weight_decay", weightDecay);
        into.put("initial_accumulator_value", initialAccumulatorValue);
        into.put("maximize", flag(maximize));
    }
}
