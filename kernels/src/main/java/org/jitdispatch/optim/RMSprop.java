package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * RMSprop ({@code torch.optim.RMSprop}) with PyTorch 1.13's update rule ({@code _single_tensor_rmsprop}):
 * <pre>
 *   grad = (maximize ? -grad : grad) + weight_decay * param
 *   v = alpha * v + (1 - alpha) * grad * grad
 *   avg = sqrt(v - g * g) + eps with centered (g = alpha * g + (1 - alpha) * grad), else sqrt(v) + eps
 *   buf = momentum * buf + grad / avg, param -= lr * buf     (momentum > 0)
 *   param -= lr * grad / avg                                   (otherwise)
 * </pre>
 * in ATen's operation order, into state ({@code step}, {@code square_avg}, {@code momentum_buffer},
 * {@code grad_avg}) and scratch tensors allocated at the first step. When a schedule turns a momentum on after the
 * first step, the buffer starts at zero here (PyTorch fails with a KeyError).
 */
public final class RMSprop extends Optimizer implements HasMomentum {
    private static final String SQUARE_AVG = "square_avg";
    private static final String MOMENTUM_BUFFER = "momentum_buffer";
    private static final String GRAD_AVG = "grad_avg";
    private final double alpha;
    private final double eps;
    private final double weightDecay;
    private double momentum;
    private final boolean centered;
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch avg;

    public RMSprop(List<Tensor> params, double lr) {
        this(params, lr, 0.99, 1e-8, 0, 0, false);
    }

    public RMSprop(List<Tensor> params, double lr, double alpha, double eps, double weightDecay, double momentum,
            boolean centered) {
        this(params, lr, alpha, eps, weightDecay, momentum, centered, false);
    }

    /** {@code maximize}: ascend the objective (PyTorch's {@code maximize=True}). */
    public RMSprop(List<Tensor> params, double lr, double alpha, double eps, double weightDecay, double momentum,
            boolean centered, boolean maximize) {
        super(params, lr);
        checkNonNegative("epsilon value", eps);
        checkNonNegative("momentum value", momentum);
        checkNonNegative("weight_decay value", weightDecay);
        checkNonNegative("alpha value", alpha);
        this.alpha = alpha;
        this.eps = eps;
        this.weightDecay = weightDecay;
        this.momentum = momentum;
        this.centered = centered;
        this.maximize = maximize;
        gradScratch = new Scratch(this.params.size());
        avg = new Scratch(this.params.size());
    }

    @Override
    public double momentum() {
        return momentum;
    }

    @Override
    public void setMomentum(double momentum) {
        this.momentum = momentum;
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newIntegerCount());
        state.put(SQUARE_AVG, Torch.zeros_like(param));
        if (momentum > 0) {
            state.put(MOMENTUM_BUFFER, Torch.zeros_like(param));
        }
        if (centered) {
            state.put(GRAD_AVG, Torch.zeros_like(param));
        }
    }

    /** The momentum buffer whatever the momentum now: a schedule may have turned it on or off. */
    @Override
    protected Map<String, Tensor> stateTemplate(Tensor param) {
        Map<String, Tensor> template = super.stateTemplate(param);
        template.putIfAbsent(MOMENTUM_BUFFER, Torch.zeros_like(param));
        return template;
    }

    @Override
    protected Set<String> optionalState() {
        return Set.of(MOMENTUM_BUFFER);
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        StepCount.increment(state.get(StepCount.NAME));
        grad = Gradients.effective(grad, param, maximize, weightDecay, gradScratch.of(i, param));
        Tensor v = state.get(SQUARE_AVG).mul_(Scalar.of(alpha)).addcmul_(grad, grad, Scalar.of(1 - alpha));
        Tensor a;
        if (centered) {
            Tensor g = state.get(GRAD_AVG).mul_(Scalar.of(alpha)).add_(grad, Scalar.of(1 - alpha));
            a = avg.of(i, param).copy_(v).addcmul_(g, g, Scalar.of(-1)).sqrt_().add_(Scalar.of(eps));
        } else {
            a = avg.of(i, param).copy_(v).sqrt_().add_(Scalar.of(eps));
        }
        if (momentum > 0) {
            Tensor buf = state.computeIfAbsent(MOMENTUM_BUFFER, k -> Torch.zeros_like(param));
            buf.mul_(Scalar.of(momentum)).addcdiv_(grad, a, Scalar.of(1));
            param.add_(buf, Scalar.of(-lr()));
        } else {
            param.addcdiv_(grad, a, Scalar.of(-lr()));
        }
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("momentum", momentum);
        into.put("alpha", alpha);
        into.put("eps", eps);
        into.put("centered", flag(centered));
        into.put("weight_decay", weightDecay);
        into.put("maximize", flag(maximize));
    }
}
