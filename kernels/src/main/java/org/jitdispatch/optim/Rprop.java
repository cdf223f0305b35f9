package org.jitdispatch.optim;

import java.util.List;
import java.util.Map;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Rprop, resilient backpropagation ({@code torch.optim.Rprop}), with PyTorch 1.13's update rule
 * ({@code _single_tensor_rprop}):
 * <pre>
 *   grad = maximize ? -grad : grad
 *   s = sign(grad * prev) mapped to etaplus (&gt; 0), etaminus (&lt; 0) or 1 (= 0)
 *   step_size = clamp(step_size * s, step_size_min, step_size_max)
 *   grad = 0 where s == etaminus
 *   param -= sign(grad) * step_size,  prev = grad
 * </pre>
 * in ATen's operation order (PyTorch's boolean-mask assignments as {@code masked_fill_}), into the state
 * ({@code step}, a Python int in PyTorch, here int64; {@code prev}; {@code step_size}, filled with the learning
 * rate at the first step, which the learning rate no longer affects afterwards) and scratch tensors.
 */
public final class Rprop extends Optimizer {
    private static final String PREV = "prev";
    private static final String STEP_SIZE = "step_size";
    private final double etaMinus;
    private final double etaPlus;
    private final double stepSizeMin;
    private final double stepSizeMax;
    private final boolean maximize;
    private final Scratch gradScratch;
    private final Scratch sign;
    private final Scratch mask;

    /** PyTorch's defaults: lr 1e-2, etas (0.5, 1.2), step_sizes (1e-6, 50). */
    public Rprop(List<Tensor> params) {
        this(params, 1e-2, 0.5, 1.2, 1e-6, 50, false);
    }

    public Rprop(List<Tensor> params, double lr, double etaMinus, double etaPlus, double stepSizeMin,
            double stepSizeMax, boolean maximize) {
        super(params, lr);
        if (!(0.0 < etaMinus && etaMinus < 1.0 && 1.0 < etaPlus)) {
            throw new IllegalArgumentException("Invalid eta values: " + PythonFloat.str(etaMinus) + ", "
                    + PythonFloat.str(etaPlus));
        }
        this.etaMinus = etaMinus;
        this.etaPlus = etaPlus;
        this.stepSizeMin = stepSizeMin;
        this.stepSizeMax = stepSizeMax;
        this.maximize = maximize;
        int n = this.params.size();
        gradScratch = new Scratch(n);
        sign = new Scratch(n);
        mask = new Scratch(n, ScalarType.Bool);
    }

    @Override
    protected void initState(Tensor param, Map<String, Tensor> state) {
        state.put(StepCount.NAME, StepCount.newIntegerCount());
        state.put(PREV, Torch.zeros_like(param));
        state.put(STEP_SIZE, Torch.full_like(param, Scalar.of(lr()), null, null, null, null, null));
    }

    @Override
    protected void update(int i, Tensor param, Tensor grad, Map<String, Tensor> state) {
        StepCount.increment(state.get(StepCount.NAME));
        Tensor prev = state.get(PREV);
        Tensor stepSize = state.get(STEP_SIZE);
        Tensor m = mask.of(i, param);
        grad = Gradients.maximized(grad, maximize, gradScratch.of(i, param));
        Tensor s = Torch.mul_out(sign.of(i, param), grad, prev).sign_();
        s.masked_fill_(Torch.gt_out(m, s, Scalar.of(0)), Scalar.of(etaPlus));
        s.masked_fill_(Torch.lt_out(m, s, Scalar.of(0)), Scalar.of(etaMinus));
        s.masked_fill_(Torch.eq_out(m, s, Scalar.of(0)), Scalar.of(1));
        stepSize.mul_(s).clamp_(Scalar.of(stepSizeMin), Scalar.of(stepSizeMax));
        // grad.clone(), then zero where the sign flipped
        Tensor g = grad == gradScratch.of(i, param) ? grad : gradScratch.of(i, param).copy_(grad);
        g.masked_fill_(Torch.eq_out(m, s, Scalar.of(etaMinus)), Scalar.of(0));
        param.addcmul_(Torch.sign_out(s, g), stepSize, Scalar.of(-1));
        prev.copy_(g);
    }

    @Override
    protected void putHyperparameters(Map<String, Double> into) {
        into.put("etas.0", etaMinus);
        into.put("etas.1", etaPlus);
        into.put("step_sizes.0", stepSizeMin);
        into.put("step_sizes.1", stepSizeMax);
        into.put("maximize", flag(maximize));
    }
}
