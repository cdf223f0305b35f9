package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;

/**
 * dropout, feature_dropout (whole channels: the noise has one value per sample and channel, broadcast over the
 * rest), alpha_dropout and feature_alpha_dropout (which keep a SELU network's mean and variance), and their in-place
 * forms, as PyTorch 1.13 computes them on the CPU (Dropout.cpp's {@code _dropout_impl}; the fused
 * {@code native_dropout} serves only CUDA, XPU and lazy tensors): a contiguous noise tensor, {@code bernoulli_(1 -
 * p)}, divided by {@code 1 - p} (for alpha dropout, scaled and shifted by ATen's {@code a} and {@code b} so that a
 * dropped element takes SELU's saturation value and mean and variance stay), times the input. Composite, so autograd
 * differentiates them through mul and add.
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

    @Override
    public Tensor feature_dropout(Tensor input, double p, boolean train) {
        return dropout(input, p, train, false, true, false);
    }

    @Override
    public Tensor feature_dropout_(Tensor self, double p, boolean train) {
        return dropout(self, p, train, true, true, false);
    }

    @Override
    public Tensor alpha_dropout(Tensor input, double p, boolean train) {
        return dropout(input, p, train, false, false, true);
    }

    @Override
    public Tensor alpha_dropout_(Tensor self, double p, boolean train) {
        return dropout(self, p, train, true, false, true);
    }

    @Override
    public Tensor feature_alpha_dropout(Tensor input, double p, boolean train) {
        return dropout(input, p, train, false, true, true);
    }

    @Override
    public Tensor feature_alpha_dropout_(Tensor self, double p, boolean train) {
        return dropout(self, p, train, true, true, true);
    }

    /** SELU's alpha, the value alpha dropout moves a dropped element towards. */
    private static final double ALPHA = 1.7580993408473766;

    private static Tensor dropout(Tensor input, double p, boolean train, boolean inplace, boolean feature,
            boolean alpha) {
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
        Tensor noise = feature ? featureNoise(input)
                : Torch.empty_like(input, null, null, null, null, MemoryFormat.Contiguous);
        noise.bernoulli_(1 - p, null);
        if (!alpha) {
            noise.div_(Scalar.of(1 - p));
            return inplace ? input.mul_(noise) : input.mul(noise);
        }
        double a = 1 / Math.sqrt((ALPHA * ALPHA * p + 1) * (1 - p));
        Tensor b = noise.add(Scalar.of(-1), Scalar.of(1)).mul_(Scalar.of(ALPHA * a)).add_(Scalar.of(ALPHA * a * p),
                Scalar.of(1));
        noise.mul_(Scalar.of(a));
        return inplace ? input.mul_(noise).add_(b) : input.mul(noise).add(b);
    }

    /** One noise value per sample and channel: {@code [N, C, 1, 1, ...]}. */
    private static Tensor featureNoise(Tensor input) {
        if (input.dim() < 2) {
            throw new IllegalArgumentException("Feature dropout requires at least 2 dimensions in the input");
        }
        long[] sizes = new long[input.dim()];
        java.util.Arrays.fill(sizes, 1);
        sizes[0] = input.size(0);
        sizes[1] = input.size(1);
        return Torch.empty(sizes, input.dtype(), null, input.device(), null, null);
    }

    private static Tensor dropout(Tensor input, double p, boolean train, boolean inplace) {
        return dropout(input, p, train, inplace, false, false);
    }
}
