package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;

/**
 * dropout and dropout_ as PyTorch 1.13 computes them on the CPU (Dropout.cpp's {@code _dropout_impl}; the
 * fused {@code native_dropout} serves only CUDA, XPU and lazy tensors): a contiguous noise tensor like
 * the input, {@code bernoulli_(1 - p)}, divided by {@code 1 - p}, times the input. Composite, so autograd
 * differentiates it through mul.
 */
public final class Dropout implements DropoutDeclarations {
    @Override
    public Tensor dropout(Tensor input, double p, boolean train) {
        return dropout(input, p, train, false);
    }

    @Override
    public Tensor dropout_(Tensor self, double p, boolean train) {
        return dropout(self, p, train, true);
    }

    private static Tensor dropout(Tensor input, double p, boolean train, boolean inplace) {
        if (!(p >= 0 && p <= 1)) {
            throw new IllegalArgumentException("dropout probability has to be between 0 and 1, but got "
                    + RangeFactories.formatDouble(p));
        }
        if (p == 0 || !train || input.numel() == 0) {
            return input;
        }
        if (p == 1) {
            Tensor zero = Torch.zeros(new long[0], input.dtype(), null, input.device(), null);
            return inplace ? input.mul_(zero) : input.mul(zero);
        }
        Tensor noise = Torch.empty_like(input, null, null, null, null, MemoryFormat.Contiguous);
        noise.bernoulli_(1 - p, null);
        noise.div_(Scalar.of(1 - p));
        return inplace ? input.mul_(noise) : input.mul(noise);
    }
}
