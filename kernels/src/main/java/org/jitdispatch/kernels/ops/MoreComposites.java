package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * Reductions, products and statistics that PyTorch 1.13 writes over other operators (ReduceOps.cpp,
 * LinearAlgebra.cpp, TensorShape.cpp, Correlation.cpp), written the same way here with its checks and messages, so
 * that autograd differentiates through what they call: nansum, nanmean, aminmax, flipud, fliplr, inner, vdot, ger,
 * block_diag, cartesian_prod, heaviside, sinc, cov and corrcoef.
 */
public final class MoreComposites implements MoreCompositesDeclarations {

    // ---------------------------------------------------------------- NaN-ignoring reductions

    /** The sum with NaN counted as 0 (integers and bools: the plain sum). */
    @Override
    public Tensor nansum(Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        Tensor values = self.dtype().isFloatingPoint() ? Torch.where(Torch.isnan(self), Scalar.of(0), self) : self;
        return Torch.sum(values, dim == null ? new long[0] : dim, keepdim, dtype);
    }

    /** nansum divided by the count of values that are not NaN. */
    @Override
    public Tensor nanmean(Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("nanmean(): expected input to have floating point dtype but got "
                    + self.dtype().c10Name());
        }
        Tensor count = Torch.sum(Torch.logical_not(Torch.isnan(self)), dim == null ? new long[0] : dim, keepdim, null);
        return Torch.nansum(self, dim, keepdim, dtype).div(count);
    }

    /** The min and the max, of all elements or along a dim. */
    @Override
    public Tensor[] aminmax(Tensor self, Long dim, boolean keepdim) {
        if (dim == null) {
            if (self.numel() == 0) {
                throw new IllegalArgumentException("aminmax(): cannot compute aminmax over an empty dimension as the"
                        + " operation has no identity.");
            }
            Tensor flat = keepdim ? self : self.reshape(new long[] {-1});
            long[] all = new long[flat.dim()];
            for (int d = 0; d < all.length; d++) {
                all[d] = d;
            }
            return new Tensor[] {Torch.amin(flat, all, keepdim), Torch.amax(flat, all, keepdim)};
        }
        if (self.dim() > 0) {
            int d = org.jitdispatch.runtime.TensorGeometry.wrapDim(dim, self.dim());
            if (self.size(d) == 0) {
                throw new IndexOutOfBoundsException("aminmax: Expected reduction dim " + d + " to have non-zero size.");
            }
        }
        return new Tensor[] {Torch.amin(self, new long[] {dim}, keepdim), Torch.amax(self, new long[] {dim}, keepdim)};
    }

    // ---------------------------------------------------------------- shape and products

    @Override
    public Tensor flipud(Tensor self) {
        if (self.dim() < 1) {
            throw new IllegalArgumentException("Input must be >= 1-d.");
        }
        return Torch.flip(self, 0);
    }

    @Override
    public Tensor fliplr(Tensor self) {
        if (self.dim() < 2) {
            throw new IllegalArgumentException("Input must be >= 2-d.");
        }
        return Torch.flip(self, 1);
    }

    /** The sum over the last dims of both (a product when either is 0-dim). */
    @Override
    public Tensor inner(Tensor self, Tensor other) {
        if (self.dim() == 0 || other.dim() == 0) {
            return self.mul(other);
        }
        if (self.size(self.dim() - 1) != other.size(other.dim() - 1)) {
            throw new IllegalArgumentException("inner() the last dimension must match on both input tensors but got"
                    + " shapes " + Arrays.toString(self.sizes()) + " and " + Arrays.toString(other.sizes()));
        }
        return Torch.tensordot(self, other, new long[] {-1}, -1);
    }

    /** dot for real vectors (the conjugate of a real number is itself). */
    @Override
    public Tensor vdot(Tensor self, Tensor other) {
        return Torch.dot(self, other);
    }

    @Override
    public Tensor ger(Tensor self, Tensor vec2) {
        return Torch.outer(self, vec2);
    }

    /** The matrices (0-dim: 1 x 1, 1-dim: a row) along the diagonal of a zero matrix of the promoted dtype. */
    @Override
    public Tensor block_diag(Tensor[] tensors) {
        ScalarType dtype = tensors.length == 0 ? ScalarType.Float32 : tensors[0].dtype();
        long rows = 0;
        long columns = 0;
        Tensor[] blocks = new Tensor[tensors.length];
        for (int i = 0; i < tensors.length; i++) {
            Tensor t = tensors[i];
            if (t.dim() > 2) {
                throw new IllegalArgumentException("torch.block_diag: Input tensors must have 2 or fewer dimensions. Input "
                        + i + " has " + t.dim() + " dimensions");
            }
            blocks[i] = t.dim() == 2 ? t : t.reshape(new long[] {1, -1});
            dtype = ResultType.promoteTypes(dtype, t.dtype());
            rows += blocks[i].size(0);
            columns += blocks[i].size(1);
        }
        Tensor result = Torch.zeros(new long[] {tensors.length == 0 ? 1 : rows, columns}, dtype, null,
                tensors.length == 0 ? null : tensors[0].device());
        long row = 0;
        long column = 0;
        for (Tensor block : blocks) {
            long r = block.size(0);
            long c = block.size(1);
            result.narrow(0, row, r).narrow(1, column, c).copy_(block, false);
            row += r;
            column += c;
        }
        return result;
    }

    /** The rows of every combination of one element of each vector, as meshgrid("ij") flattened and stacked. */
    @Override
    public Tensor cartesian_prod(Tensor[] tensors) {
        for (Tensor t : tensors) {
            if (t.dim() != 1) {
                throw new IllegalArgumentException("Expect a 1D vector, but got shape " + Arrays.toString(t.sizes()));
            }
        }
        if (tensors.length == 1) {
            return tensors[0];
        }
        Tensor[] grids = Torch.meshgrid(tensors, "ij");
        for (int i = 0; i < grids.length; i++) {
            grids[i] = grids[i].flatten(0, -1);
        }
        return Torch.stack(grids, 1);
    }

    // ---------------------------------------------------------------- elementwise

    /** {@code self == 0 ? values : self > 0}, both of one dtype. */
    @Override
    public Tensor heaviside(Tensor self, Tensor values) {
        if (self.dtype() != values.dtype()) {
            throw new IllegalArgumentException("heaviside is not yet implemented for tensors with different dtypes.");
        }
        return Torch.where(Torch.eq(self, Scalar.of(0)), values, Torch.gt(self, Scalar.of(0)).to(self.dtype()));
    }

    /**
     * {@code sin(pi x) / (pi x)}, 1 at 0; the quotient is taken of a nonzero stand-in at 0, so that its gradient there
     * is 0 rather than NaN (PyTorch's derivative masks it to 0 too).
     */
    @Override
    public Tensor sinc(Tensor self) {
        Tensor x = self.dtype().isFloatingPoint() ? self : self.to(ScalarType.Float32);
        Tensor zero = Torch.eq(x, Scalar.of(0));
        Tensor safe = Torch.where(zero, Scalar.of(1), x).mul(Scalar.of(Math.PI));
        return Torch.where(zero, Scalar.of(1), Torch.sin(safe).div(safe));
    }

    // ---------------------------------------------------------------- statistics

    /** The covariance of the variables in the rows (observations in the columns), without weights. */
    @Override
    public Tensor cov(Tensor self, long correction, Tensor fweights, Tensor aweights) {
        if (self.dim() > 2) {
            throw new IllegalArgumentException("cov(): expected input to have two or fewer dimensions but got an input"
                    + " with " + self.dim() + " dimensions");
        }
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("cov(): bool dtype is not supported for input");
        }
        if (fweights != null || aweights != null) {
            throw new UnsupportedOperationException("cov(): fweights and aweights are not supported yet");
        }
        Tensor in = self.dim() < 2 ? self.view(new long[] {1, -1}) : self;
        long observations = in.size(1);
        Tensor average = Torch.sum(in, new long[] {1}, false, null).div(Scalar.of(observations));
        double normFactor = observations - correction;
        if (normFactor <= 0) {
            Warnings.warn("cov(): degrees of freedom is <= 0");
            normFactor = 0;
        }
        Tensor centered = in.sub(average.unsqueeze(1));
        Tensor c = Torch.mm(centered, centered.t());
        return Torch.true_divide(c, Scalar.of(normFactor)).squeeze();
    }

    /** The covariance normalized by the standard deviations, clipped to [-1, 1]; c / c for one variable. */
    @Override
    public Tensor corrcoef(Tensor self) {
        if (self.dim() > 2) {
            throw new IllegalArgumentException("corrcoef(): expected input to have two or fewer dimensions but got an"
                    + " input with " + self.dim() + " dimensions");
        }
        Tensor c = Torch.cov(self, 1, null, null);
        if (c.dim() == 0) {
            return c.div(c);
        }
        Tensor stddev = Torch.sqrt(Torch.diag(c, 0));
        c = c.div(stddev.view(new long[] {-1, 1}));
        c = c.div(stddev.view(new long[] {1, -1}));
        return Torch.clip(c, Scalar.of(-1), Scalar.of(1));
    }
}
