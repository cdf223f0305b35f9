package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;

/**
 * Reductions PyTorch 1.13 computes from others: var_mean and std_mean (the two results of var/std and mean),
 * count_nonzero (a sum of {@code self != 0}), trace (the diagonal's sum) and median (sort's middle element),
 * with their checks and messages.
 */
public final class ReductionComposites implements ReductionCompositesDeclarations {

    @Override
    public Tensor[] var_mean(Tensor self, long[] dim, Long correction, boolean keepdim) {
        requireFloating(self, "var_mean");
        return new Tensor[] {Torch.var(self, dim, correction, keepdim), meanOf(self, dim, keepdim)};
    }

    @Override
    public Tensor[] var_mean(Tensor self, long[] dim, boolean unbiased, boolean keepdim) {
        return Torch.var_mean(self, dim, unbiased ? 1L : 0L, keepdim);
    }

    @Override
    public Tensor[] var_mean(Tensor self, boolean unbiased) {
        return Torch.var_mean(self, null, unbiased ? 1L : 0L, false);
    }

    /** {@code var(unbiased)}: over every dim, with Bessel's correction unless {@code unbiased} is false. */
    @Override
    public Tensor var(Tensor self, boolean unbiased) {
        return Torch.var(self, null, unbiased ? 1L : 0L, false);
    }

    @Override
    public Tensor var(Tensor self, long[] dim, boolean unbiased, boolean keepdim) {
        return Torch.var(self, dim, unbiased ? 1L : 0L, keepdim);
    }

    @Override
    public Tensor var_out(Tensor self, long[] dim, boolean unbiased, boolean keepdim, Tensor out) {
        return Torch.var_out(out, self, dim, unbiased ? 1L : 0L, keepdim);
    }

    @Override
    public Tensor std(Tensor self, boolean unbiased) {
        return Torch.std(self, null, unbiased ? 1L : 0L, false);
    }

    @Override
    public Tensor std(Tensor self, long[] dim, boolean unbiased, boolean keepdim) {
        return Torch.std(self, dim, unbiased ? 1L : 0L, keepdim);
    }

    @Override
    public Tensor std_out(Tensor self, long[] dim, boolean unbiased, boolean keepdim, Tensor out) {
        return Torch.std_out(out, self, dim, unbiased ? 1L : 0L, keepdim);
    }

    @Override
    public Tensor[] std_mean(Tensor self, long[] dim, Long correction, boolean keepdim) {
        requireFloating(self, "std_mean");
        return new Tensor[] {Torch.std(self, dim, correction, keepdim), meanOf(self, dim, keepdim)};
    }

    @Override
    public Tensor[] std_mean(Tensor self, long[] dim, boolean unbiased, boolean keepdim) {
        return Torch.std_mean(self, dim, unbiased ? 1L : 0L, keepdim);
    }

    @Override
    public Tensor[] std_mean(Tensor self, boolean unbiased) {
        return Torch.std_mean(self, null, unbiased ? 1L : 0L, false);
    }

    private static void requireFloating(Tensor self, String op) {
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException(op + " only support floating point and complex dtypes");
        }
    }

    /** Only a floating tensor gets here (see requireFloating). */
    private static Tensor meanOf(Tensor self, long[] dim, boolean keepdim) {
        return Torch.mean(self, dim, keepdim, null);
    }

    @Override
    public Tensor count_nonzero(Tensor self, long[] dim) {
        return Torch.sum(Torch.ne(self, Scalar.of(0)), dim, false, null);
    }

    @Override
    public Tensor count_nonzero(Tensor self, Long dim) {
        return Torch.count_nonzero(self, dim == null ? new long[0] : new long[] {dim});
    }

    @Override
    public Tensor trace(Tensor self) {
        if (self.dim() != 2) {
            throw new IllegalArgumentException("trace: expected a matrix, but got tensor with dim " + self.dim());
        }
        if (self.dtype() == org.jitdispatch.runtime.ScalarType.Bool) {
            throw Elementwise.notImplemented("trace", self.dtype());
        }
        return Torch.diagonal(self, 0, 0, 1).sum();
    }
}
