package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * cummax and cummin (the running extremum along a dim and the index where it was reached: the latest of equal
 * values, and from the first NaN on, NaN with the index of the latest NaN, as ATen's loops choose) and
 * logcumsumexp. The values are gathered from self at those indices, so autograd passes each gradient to the
 * element that was selected, as PyTorch's cummaxmin_backward does.
 */
public final class RunningExtrema implements RunningExtremaDeclarations {

    @Override
    public Tensor[] cummax(Tensor self, long dim) {
        return running(self, dim, true);
    }

    @Override
    public Tensor[] cummin(Tensor self, long dim) {
        return running(self, dim, false);
    }

    private static Tensor[] running(Tensor self, long dim, boolean max) {
        if (self.numel() == 0) {
            // 1.13 returns an empty result before it wraps the dim, so any dim goes
            Tensor indices = Torch.empty(self.sizes(), ScalarType.Int64, null, self.device(), null, null);
            return new Tensor[] {Torch.empty_like(self), indices};
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        Tensor x = self.dim() == 0 ? self.unsqueeze(0) : self;
        Tensor moved = x.movedim(d, -1).contiguous();
        int n = (int) moved.size(-1);
        boolean floating = x.dtype().isFloatingPoint();
        double[] asDoubles = floating ? moved.toDoubleArray() : null;
        long[] asLongs = floating ? null : moved.toLongArray();
        int total = floating ? asDoubles.length : asLongs.length;
        long[] best = new long[total];
        for (int base = 0; base < total; base += n) {
            int at = 0;
            for (int i = 0; i < n; i++) {
                boolean take;
                if (floating) {
                    double v = asDoubles[base + i];
                    double current = asDoubles[base + at];
                    take = Double.isNaN(v) || !Double.isNaN(current) && (max ? v >= current : v <= current);
                } else {
                    long v = asLongs[base + i];
                    long current = asLongs[base + at];
                    take = max ? v >= current : v <= current;
                }
                if (take) {
                    at = i;
                }
                best[base + i] = at;
            }
        }
        Tensor indices = Tensor.FACTORY.fromArray(best, moved.sizes()).movedim(-1, d).contiguous();
        Tensor values = x.gather(d, indices, false);
        if (self.dim() == 0) {
            return new Tensor[] {values.squeeze(0), indices.squeeze(0)};
        }
        return new Tensor[] {values, indices};
    }

    /** {@code log(cumsum(exp(x)))}, computed about each slice's largest finite value. */
    @Override
    public Tensor logcumsumexp(Tensor self, long dim) {
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("logcumsumexp_out_cpu", self.dtype());
        }
        if (self.numel() == 0) {
            return Torch.empty_like(self);
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        Tensor x = self.dim() == 0 ? self.unsqueeze(0) : self;
        Tensor m = Torch.amax(x, new long[] {d}, true);
        m = Torch.where(Torch.isfinite(m), m, Scalar.of(0)).detach();
        Tensor result = x.sub(m).exp().cumsum(d, null).log().add(m);
        return self.dim() == 0 ? result.squeeze(0) : result;
    }
}
