package org.jitdispatch.autograd;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * derivatives.yaml helpers of the activations (PyTorch 1.13's FunctionsManual gelu_double_backward and the
 * second derivative of silu), built from differentiable operators so that they can be differentiated again.
 */
public final class ActivationFormulas {
    private ActivationFormulas() {
    }

    private static Scalar s(double v) {
        return Scalar.of(v);
    }

    /**
     * The gradient of gelu_backward(grad_output, self) with respect to self: {@code ggI * gO * gelu''(self)}.
     * 'none': {@code gelu'' = 2 pdf - x^2 pdf} with {@code pdf = exp(-x^2 / 2) / sqrt(2 pi)}. 'tanh', with
     * {@code u = beta (x + kappa x^3)}, {@code t = tanh(u)}, {@code g = 1 - t^2}, {@code h = u'}: {@code g h +
     * x g (3 kappa beta x) - x t g h^2}, which is FunctionsManual's {@code 2 f'gh + g'fh + h'fg}.
     */
    public static Tensor geluDoubleBackward(Tensor ggI, Tensor gO, Tensor self, String approximate) {
        Tensor x = self;
        if (approximate.equals("tanh")) {
            double beta = Math.sqrt(2.0 / Math.PI);
            double kappa = 0.044715;
            Tensor xSq = x.mul(x);
            Tensor inner = x.add(xSq.mul(x).mul(s(kappa))).mul(s(beta));
            Tensor t = inner.tanh();
            Tensor g = t.mul(t).neg().add(s(1));
            Tensor h = xSq.mul(s(3 * kappa)).add(s(1)).mul(s(beta));
            Tensor fPrimeGh = g.mul(h).mul(s(0.5));
            Tensor f = x.mul(s(0.5));
            Tensor gPrimeFh = f.mul(h).mul(t.mul(g).mul(h).mul(s(-2)));
            Tensor hPrimeFg = f.mul(g).mul(x.mul(s(6 * kappa * beta)));
            return ggI.mul(gO).mul(fPrimeGh.mul(s(2)).add(gPrimeFh).add(hPrimeFg));
        }
        Tensor xSq = x.mul(x);
        Tensor pdf = xSq.mul(s(-0.5)).exp().mul(s(1.0 / Math.sqrt(2.0 * Math.PI)));
        Tensor dpdf = x.neg().mul(pdf);
        return ggI.mul(gO).mul(pdf.mul(s(2)).add(x.mul(dpdf)));
    }

    /**
     * The gradient of silu_backward(grad_output, self) with respect to self: {@code ggI * gO * silu''(self)},
     * {@code silu'' = s (1 - s) (2 + x (1 - 2 s))} with {@code s = sigmoid(x)}.
     */
    public static Tensor siluDoubleBackward(Tensor ggI, Tensor gO, Tensor self) {
        Tensor sig = self.sigmoid();
        Tensor oneMinus = sig.neg().add(s(1));
        Tensor second = sig.mul(oneMinus).mul(self.mul(sig.mul(s(-2)).add(s(1))).add(s(2)));
        return ggI.mul(gO).mul(second);
    }

    /**
     * binary_cross_entropy's gradient for the target (FunctionsManual's binary_cross_entropy_target_backward):
     * {@code -logit(self)}, times the weight, over the element count for the mean, times grad.
     */
    public static Tensor binaryCrossEntropyTargetBackward(Tensor grad, Tensor self, Tensor target, Tensor weight,
            long reduction) {
        Tensor gradTarget = Torch.logit(self, null).neg();
        if (weight != null) {
            gradTarget = gradTarget.mul(weight);
        }
        if (reduction == 1) { // Mean
            gradTarget = gradTarget.div(Scalar.of(target.numel()));
        }
        return gradTarget.mul(grad);
    }
}
