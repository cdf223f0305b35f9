package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Stochastic gradient descent with momentum, dampening, weight decay, Nesterov momentum and {@code maximize}
 * ({@code torch.optim.SGD}), with PyTorch 1.13's update rule ({@code _single_tensor_sgd}):
 * <pre>
 *   d = (maximize ? -grad : grad) + weight_decay * param
 *   buf = d (first step), else buf = momentum * buf + (1 - dampening) * d
 *   d = nesterov ? d + momentum * buf : buf
 *   param -= lr * d
 * </pre>
 * The state is {@code momentum_buffer}, made at the first step with a momentum (PyTorch stores None without).
 */
public final class SGD extends Optimizer implements HasMomentum {
    private static final String MOMENTUM_BUFFER = "momentum_buffer";
    private double momentum;
    private final double dampening;
    private final double weightDecay;
    private final boolean nesterov;
    private final boolean maximize;
    private final Scratch gradScratch;

    public SGD(List<Tensor> params, double lr) {
        this(params, lr, 0, 0, 0, false);
    }

    public SGD(List<Tensor> params, double lr, double momentum, double dampening, double weightDecay, boolean nesterov) {
        this(params, lr, momentum, dampening, weightDecay, nesterov, false);
    }

    /** {@code maximize}: ascend the objective (PyTorch's {@code maximize=True}). */
    public SGD(List<Tensor> params, double lr, double momentum, double dampening, double weightDecay, boolean nesterov,
            boolean maximize) {
        super(params, lr);
        checkNonNegative("momentum value", momentum);
        checkNonNegative("weight_decay value", weightDecay);
        if (nesterov && (momentum <= 0 || dampening != 0)) {
            throw new IllegalArgumentException("Nesterov momentum requires a momentum and zero dampening");
        }
        this.momentum = momentum;
        this.dampening = dampening;
        this.weightDecay = weightDecay;
        this.nesterov = nesterov;
        this.maximize = maximize;
        this.gradScratch = new Scratch(this.params.size());
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
        // the buffer is a clone of the first step's direction, made in update
    }

    @Override
    protected Map<String, Tensor> stateTemplate(Tensor param) {
        return Map.of(MOMENTUM_BUFFER, Torch.empty_like(param));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        Tensor d = Gradients.effective(grad, param, maximize, weightDecay, gradScratch.of(i, param));
        if (momentum != 0) {
            Tensor buf = state.get(MOMENTUM_BUFFER);
            if (buf == null) {
                buf = d.clone();
                state.put(MOMENTUM_BUFFER, buf);
            } else {
                buf.mul_(Scalar.of(momentum)).add_(d, Scalar.of(1 - dampening));
            }
            if (nesterov) {
                d = (d == grad ? gradScratch.of(i, param).copy_(grad) : d).add_(buf, Scalar.of(momentum));
            } else {
                d = buf;
            }
        }
        param.add_(d, Scalar.of(-lr()));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("momentum", momentum);
        into.put("dampening", dampening);
        into.put("weight_decay", weightDecay);
        into.put("nesterov", flag(nesterov));
        into.put("maximize", flag(maximize));
    }
}
