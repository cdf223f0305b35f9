package org.jitdispatch.optim;

import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * RMSprop with PyTorch 1.13's update rule ({@code _single_tensor_rmsprop}):
 * <pre>
 *   grad += weight_decay * param
 *   v = alpha * v + (1 - alpha) * grad * grad
 *   avg = sqrt(v - g * g) + eps with centered (g = alpha * g + (1 - alpha) * grad), else sqrt(v) + eps
 *   buf = momentum * buf + grad / avg, param -= lr * buf     (momentum > 0)
 *   param -= lr * grad / avg                                   (otherwise)
 * </pre>
 * in ATen's operation order, into state and scratch tensors allocated at the first step.
 */
public final class RMSprop extends Optimizer {
    private final double alpha;
    private final double eps;
    private final double weightDecay;
    private final double momentum;
    private final boolean centered;
    private final Tensor[] squareAvg;
    private final Tensor[] gradAvg;
    private final Tensor[] momentumBuffer;
    private final Tensor[] gradScratch;
    private final Tensor[] avg;

    public RMSprop(List<Tensor> params, double lr) {
        this(params, lr, 0.99, 1e-8, 0, 0, false);
    }

    public RMSprop(List<Tensor> params, double lr, double alpha, double eps, double weightDecay, double momentum,
            boolean centered) {
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
        int n = this.params.size();
        squareAvg = new Tensor[n];
        gradAvg = new Tensor[n];
        momentumBuffer = new Tensor[n];
        gradScratch = new Tensor[n];
        avg = new Tensor[n];
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad) {
        if (squareAvg[i] == null) {
            squareAvg[i] = Torch.zeros_like(param);
            gradAvg[i] = centered ? Torch.zeros_like(param) : null;
            momentumBuffer[i] = momentum > 0 ? Torch.zeros_like(param) : null;
            gradScratch[i] = Torch.empty_like(param);
            avg[i] = Torch.empty_like(param);
        }
        if (weightDecay != 0) {
            grad = gradScratch[i].copy_(grad).add_(param, Scalar.of(weightDecay));
        }
        Tensor v = squareAvg[i].mul_(Scalar.of(alpha)).addcmul_(grad, grad, Scalar.of(1 - alpha));
        Tensor a;
        if (centered) {
            Tensor g = gradAvg[i].mul_(Scalar.of(alpha)).add_(grad, Scalar.of(1 - alpha));
            a = avg[i].copy_(v).addcmul_(g, g, Scalar.of(-1)).sqrt_().add_(Scalar.of(eps));
        } else {
            a = avg[i].copy_(v).sqrt_().add_(Scalar.of(eps));
        }
        if (momentum > 0) {
            Tensor buf = momentumBuffer[i].mul_(Scalar.of(momentum)).addcdiv_(grad, a, Scalar.of(1));
            param.add_(buf, Scalar.of(-lr()));
        } else {
            param.addcdiv_(grad, a, Scalar.of(-lr()));
        }
    }
}
