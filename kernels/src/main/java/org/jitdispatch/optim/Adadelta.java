package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Adadelta ({@code torch.optim.Adadelta}) with PyTorch 1.13's update rule ({@code _single_tensor_adadelta}):
 * <pre>
 *   grad = (maximize ? -grad : grad) + weight_decay * param
 *   v = rho * v + (1 - rho) * grad * grad
 *   delta = sqrt(u + eps) / sqrt(v + eps) * grad
 *   u = rho * u + (1 - rho) * delta * delta
 *   param -= lr * delta
 * </pre>
 * in ATen's operation order, into the state ({@code step}, a count PyTorch keeps as a Python int, here int64;
 * {@code square_avg}; {@code acc_delta}) and scratch tensors.
 */
public final class Adadelta extends Optimizer {
    private static final String SQUARE_AVG = "square_avg";
    private static final String ACC_DELTA = "acc_delta";
    private final double rho;
    private final double eps;
    private final double weightDecay;
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch std;
    private final Scratch delta;

    /** PyTorch's defaults: lr 1.0, rho 0.9, eps 1e-6. */
    public Adadelta(List<Tensor> params) {
        this(params, 1.0, 0.9, 1e-6, 0, false);
    }

    public Adadelta(List<Tensor> params, double lr, double rho, double eps, double weightDecay, boolean maximize) {
        super(params, lr);
        if (!(rho >= 0 && rho <= 1)) {
            throw new IllegalArgumentException("Invalid rho value: " + PythonFloat.str(rho));
        }
        checkNonNegative("epsilon value", eps);
        checkNonNegative("weight_decay value", weightDecay);
        this.rho = rho;
        this.eps = eps;
        this.weightDecay = weightDecay;
        this.maximize = maximize;
        int n = this.params.size();
        gradScratch = new Scratch(n);
        std = new Scratch(n);
        delta = new Scratch(n);
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newIntegerCount());
        state.put(SQUARE_AVG, Torch.zeros_like(param));
        state.put(ACC_DELTA, Torch.zeros_like(param));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        StepCount.increment(state.get(StepCount.NAME));
        grad = Gradients.effective(grad, param, maximize, weightDecay, gradScratch.of(i, param));
        Tensor squareAvg = state.get(SQUARE_AVG).mul_(Scalar.of(rho)).addcmul_(grad, grad, Scalar.of(1 - rho));
        Tensor s = std.of(i, param).copy_(squareAvg).add_(Scalar.of(eps)).sqrt_();
        Tensor d = delta.of(i, param).copy_(state.get(ACC_DELTA)).add_(Scalar.of(eps)).sqrt_().div_(s).mul_(grad);
        state.get(ACC_DELTA).mul_(Scalar.of(rho)).addcmul_(d, d, Scalar.of(1 - rho));
        param.add_(d, Scalar.of(-lr()));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("rho", rho);
        into.put("eps", eps);
        into.put("weight_decay", weightDecay);
        into.put("maximize", flag(maximize));
    }
}
