package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Averaged SGD ({@code torch.optim.ASGD}) with PyTorch 1.13's update rule ({@code _single_tensor_asgd}):
 * <pre>
 *   grad = (maximize ? -grad : grad) + weight_decay * param
 *   param *= 1 - lambd * eta,  param -= eta * grad
 *   ax += (param - ax) * mu    (ax = param while mu is 1)
 *   eta = lr / (1 + lambd * lr * t)^alpha,  mu = 1 / max(1, t - t0)
 * </pre>
 * into the state ({@code step}, {@code eta}, {@code mu}: float32 0-dim tensors as PyTorch's {@code torch.tensor}
 * makes them, so eta and mu are rounded to float32 as there; {@code ax}, the average, which
 * {@link #average(int)} returns) and a scratch tensor.
 */
public final class ASGD extends Optimizer {
    private static final String ETA = "eta";
    private static final String MU = "mu";
    private static final String AX = "ax";
    private final double lambd;
    private final double alpha;
    private final double t0;
    private final double weightDecay;
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch difference;

    /** PyTorch's defaults: lr 1e-2, lambd 1e-4, alpha 0.75, t0 1e6. */
    public ASGD(List<Tensor> params) {
        this(params, 1e-2, 1e-4, 0.75, 1e6, 0, false);
    }

    public ASGD(List<Tensor> params, double lr, double lambd, double alpha, double t0, double weightDecay,
            boolean maximize) {
        super(params, lr);
        checkNonNegative("weight_decay value", weightDecay);
        this.lambd = lambd;
        this.alpha = alpha;
        this.t0 = t0;
        this.weightDecay = weightDecay;
        this.maximize = maximize;
        gradScratch = new Scratch(this.params.size());
        difference = new Scratch(this.params.size());
    }

    /** Parameter {@code i}'s running average ({@code state['ax']}); null before its first step. */
    public Tensor average(int i) {
        return state(i).get(AX);
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newCount());
        state.put(ETA, Torch.full(new long[0], Scalar.of(lr()), ScalarType.Float32));
        state.put(MU, Torch.ones(new long[0], ScalarType.Float32));
        state.put(AX, Torch.zeros_like(param));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        Tensor scratch = gradScratch.of(i, param);
        grad = Gradients.maximized(grad, maximize, scratch);
        double step = StepCount.increment(state.get(StepCount.NAME));
        grad = Gradients.weightDecayed(grad, param, weightDecay, scratch);
        Tensor eta = state.get(ETA);
        Tensor mu = state.get(MU);
        Tensor ax = state.get(AX);
        param.mul_(Scalar.of(1 - lambd * eta.item().toDouble()));
        param.add_(grad, Scalar.of(-eta.item().toDouble()));
        if (mu.item().toDouble() != 1) {
            ax.add_(Torch.sub_out(difference.of(i, param), param, ax).mul_(mu));
        } else {
            ax.copy_(param);
        }
        double lr = lr();
        eta.fill_(Scalar.of(lr / Math.pow(1 + lambd * lr * step, alpha)));
        // Python's max(1, step - t0): 1 unless the second is greater
        double sinceT0 = step - t0;
        mu.fill_(Scalar.of(1 / (sinceT0 > 1 ? sinceT0 : 1)));
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("lambd", lambd);
        into.put("alpha", alpha);
        into.put("t0", t0);
        into.put("weight_decay", weightDecay);
        into.put("maximize", flag(maximize));
    }
}
