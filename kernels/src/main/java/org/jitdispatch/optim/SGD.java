package org.jitdispatch.optim;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Stochastic gradient descent with momentum, dampening, weight decay and Nesterov momentum, with PyTorch
 * 1.13's update rule ({@code _single_tensor_sgd}):
 * <pre>
 *   d = grad + weight_decay * param
 *   buf = d (first step), else buf = momentum * buf + (1 - dampening) * d
 *   d = nesterov ? d + momentum * buf : buf
 *   param -= lr * d
 * </pre>
 */
public final class SGD extends Optimizer {
    private final double momentum;
    private final double dampening;
    private final double weightDecay;
    private final boolean nesterov;
    private final Tensor[] momentumBuffers;
    private final Tensor[] scratch;

    public SGD(List<Tensor> params, double lr) {
        this(params, lr, 0, 0, 0, false);
    }

    public SGD(List<Tensor> params, double lr, double momentum, double dampening, double weightDecay, boolean nesterov) {
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
        this.momentumBuffers = new Tensor[this.params.size()];
        this.scratch = new Tensor[this.params.size()];
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad) {
        Tensor d = grad;
        if (weightDecay != 0) {
            d = scratch(i, param).copy_(grad).add_(param, Scalar.of(weightDecay));
        }
        if (momentum != 0) {
            Tensor buf = momentumBuffers[i];
            if (buf == null) {
                buf = d.clone();
                momentumBuffers[i] = buf;
            } else {
                buf.mul_(Scalar.of(momentum)).add_(d, Scalar.of(1 - dampening));
            }
            if (nesterov) {
                d = (d == grad ? scratch(i, param).copy_(grad) : d).add_(buf, Scalar.of(momentum));
            } else {
                d = buf;
            }
        }
        param.add_(d, Scalar.of(-lr()));
    }

    private Tensor scratch(int i, Tensor param) {
        if (scratch[i] == null) {
            scratch[i] = Torch.empty_like(param);
        }
        return scratch[i];
    }
}
