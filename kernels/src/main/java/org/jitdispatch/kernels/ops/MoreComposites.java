package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.reduce.ReduceDims;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * Reductions, products and statistics that PyTorch 1.13 writes over other operators (ReduceOps.cpp,
 * LinearAlgebra.cpp, TensorShape.cpp, Correlation.cpp), written the same way here with its checks and messages, so
 * that autograd differentiates through what they call: nansum, nanmean, aminmax, flipud, fliplr, inner, vdot, ger,
 * block_diag, cartesian_prod, combinations, sinc, cov and corrcoef, addbmm, vander, trapezoid and
 * cumulative_trapezoid, msort and argwhere.
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

    /** sinc into self: the result cast into self as TensorIterator casts (a float into an int fails). */
    @Override
    public Tensor sinc_(Tensor self) {
        return ResultIntoOut.castingCopy(sinc(self), self);
    }

    @Override
    public Tensor sinc_out(Tensor self, Tensor out) {
        return ResultIntoOut.castingCopy(sinc(self), out);
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

    /**
     * The covariance of the variables in the rows (observations in the columns), each observation weighted by its
     * frequency (fweights) times its importance (aweights); the normalization and its checks are 1.13's, read off
     * 0-dim tensors as ATen reads them.
     */
    @Override
    public Tensor cov(Tensor self, long correction, Tensor fweights, Tensor aweights) {
        if (self.dim() > 2) {
            throw new IllegalArgumentException("cov(): expected input to have two or fewer dimensions but got an input"
                    + " with " + self.dim() + " dimensions");
        }
        if (self.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("cov(): bool dtype is not supported for input");
        }
        Tensor in = self.dim() < 2 ? self.view(new long[] {1, -1}) : self;
        long observations = in.size(1);
        Tensor w = null; // the product of the weights given
        if (fweights != null) {
            checkWeights(fweights, "fweights", observations);
            w = fweights;
        }
        if (aweights != null) {
            checkWeights(aweights, "aweights", observations);
            w = w == null ? aweights : w.mul(aweights);
        }
        Tensor wSum = w == null
                ? Torch.full(new long[0], Scalar.of(observations), ScalarType.Int64, null, in.device(), null)
                : w.sum();
        if (w != null && !wSum.ne(Scalar.of(0)).item().toBoolean()) {
            throw new IllegalArgumentException("cov(): weights sum to zero, can't be normalized");
        }
        Tensor weighted = w == null ? in : in.mul(w);
        Tensor average = Torch.sum(weighted, new long[] {1}, false, null).div(wSum);
        Tensor normFactor = w != null && correction != 0 && aweights != null
                ? wSum.sub(w.mul(aweights).sum().mul(Scalar.of(correction)).div(wSum))
                : wSum.sub(Scalar.of(correction));
        if (normFactor.le(Scalar.of(0)).item().toBoolean()) {
            Warnings.warn("cov(): degrees of freedom is <= 0");
            normFactor = Torch.zeros_like(normFactor);
        }
        Tensor centered = in.sub(average.unsqueeze(1));
        Tensor c = Torch.mm(centered, (w == null ? centered : centered.mul(w)).t());
        return Torch.true_divide(c, normFactor).squeeze();
    }

    /** fweights must be integral counts, aweights floating importances: one per observation, none negative. */
    private static void checkWeights(Tensor weights, String name, long observations) {
        if (weights.dim() > 1) {
            throw new IllegalArgumentException("cov(): expected " + name + " to have one or fewer dimensions but got "
                    + name + " with " + weights.dim() + " dimensions");
        }
        boolean frequencies = name.equals("fweights");
        ScalarType dtype = weights.dtype();
        if (frequencies ? !dtype.isIntegral(false) : !dtype.isFloatingPoint()) {
            throw new IllegalArgumentException("cov(): expected " + name + " to have "
                    + (frequencies ? "integral" : "floating point") + " dtype but got " + name + " with "
                    + dtype.c10Name() + " dtype");
        }
        if (weights.numel() != observations) {
            throw new IllegalArgumentException("cov(): expected " + name + " to have the same numel as there are"
                    + " observations in the input but got " + weights.numel() + " != " + observations);
        }
        if (observations != 0 && !Torch.min(weights).ge(Scalar.of(0)).item().toBoolean()) {
            throw new IllegalArgumentException("cov(): " + name + " cannot be negative");
        }
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

    // ---------------------------------------------------------------- addbmm, vander, trapezoid

    /** {@code beta self + alpha sum_b batch1[b] @ batch2[b]}: one addmm over the batches laid side by side. */
    @Override
    public Tensor addbmm(Tensor self, Tensor batch1, Tensor batch2, Scalar beta, Scalar alpha) {
        Tensor expanded = self.expand(new long[] {batch1.size(1), batch2.size(2)}, false);
        if (batch1.dim() != 3) {
            throw new IllegalArgumentException("batch1 must be a 3D tensor");
        }
        if (batch2.dim() != 3) {
            throw new IllegalArgumentException("batch2 must be a 3D tensor");
        }
        if (batch1.size(0) != batch2.size(0)) {
            throw new IllegalArgumentException("batch1 and batch2 must have same number of batches, got "
                    + batch1.size(0) + " and " + batch2.size(0));
        }
        if (batch1.size(2) != batch2.size(1)) {
            throw new IllegalArgumentException("Incompatible matrix sizes for bmm (" + batch1.size(1) + "x"
                    + batch1.size(2) + " and " + batch2.size(1) + "x" + batch2.size(2) + ")");
        }
        long inner = batch1.size(0) * batch1.size(2);
        Tensor left = batch1.transpose(0, 1).reshape(new long[] {batch1.size(1), inner});
        Tensor right = batch2.reshape(new long[] {inner, batch2.size(2)});
        return Torch.addmm(expanded, left, right, beta, alpha);
    }

    /** The powers of x in columns (decreasing unless {@code increasing}), through cumprod as 1.13 builds them. */
    @Override
    public Tensor vander(Tensor x, Long N, boolean increasing) {
        if (x.dim() != 1) {
            throw new IllegalArgumentException("x must be a one-dimensional tensor.");
        }
        long n = x.size(0);
        if (N != null) {
            n = N;
            if (n < 0) {
                throw new IllegalArgumentException("N must be non-negative.");
            }
        }
        ScalarType dtype = ResultType.promoteTypes(x.dtype(), ScalarType.Int64);
        Tensor result = Torch.empty(new long[] {x.size(0), n}, dtype, null, x.device(), null, null);
        if (n > 0) {
            result.fill_(Scalar.of(1));
            if (n > 1) {
                result.slice(1, 1L, null, 1).copy_(x.unsqueeze(1), false);
                result.slice(1, 1L, null, 1).copy_(Torch.cumprod(result.slice(1, 1L, null, 1), 1, null), false);
            }
        }
        return increasing ? result : Torch.flip(result, 1);
    }

    /** The trapezoidal rule along dim with sample points x (one per sample, or broadcast as NumPy takes them). */
    @Override
    public Tensor trapezoid(Tensor y, Tensor x, long dim) {
        int d = org.jitdispatch.runtime.TensorGeometry.wrapDim(dim, y.dim());
        if (y.size(d) == 0) {
            return zerosExcept(y, d);
        }
        if (y.dtype() == ScalarType.Bool || x.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("trapezoid: received a bool input for `x` or `y`, but bool is not"
                    + " supported");
        }
        Tensor viewed = x;
        if (x.dim() == 1) {
            if (x.size(0) != y.size(d)) {
                throw new IllegalArgumentException("trapezoid: There must be one `x` value for each sample point");
            }
            long[] sizes = new long[y.dim()];
            Arrays.fill(sizes, 1);
            sizes[d] = x.size(0);
            viewed = x.view(sizes);
        } else if (x.dim() < y.dim()) {
            long[] sizes = new long[y.dim()];
            Arrays.fill(sizes, 1);
            System.arraycopy(x.sizes(), 0, sizes, y.dim() - x.dim(), x.dim());
            viewed = x.view(sizes);
        }
        Tensor dx = viewed.slice(d, 1L, null, 1).sub(viewed.slice(d, 0L, -1L, 1));
        Tensor sums = y.slice(d, 1L, null, 1).add(y.slice(d, 0L, -1L, 1));
        return Torch.sum(dx.mul(sums), new long[] {d}, false, null).div(Scalar.of(2.0));
    }

    /** The trapezoidal rule along dim with constant spacing dx. */
    @Override
    public Tensor trapezoid(Tensor y, Scalar dx, long dim) {
        int d = org.jitdispatch.runtime.TensorGeometry.wrapDim(dim, y.dim());
        if (y.size(d) == 0) {
            return zerosExcept(y, d);
        }
        if (y.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("trapezoid: received a bool input for `y`, but bool is not supported");
        }
        if (dx.isBoolean()) {
            throw new IllegalArgumentException("trapezoid: Currently, we only support dx as a real number.");
        }
        Tensor ends = y.select(d, 0).add(y.select(d, -1));
        return Torch.sum(y, new long[] {d}, false, null).sub(ends.mul(Scalar.of(0.5))).mul(Scalar.of(dx.toDouble()));
    }

    @Override
    public Tensor trapz(Tensor y, Tensor x, long dim) {
        return Torch.trapezoid(y, x, dim);
    }

    @Override
    public Tensor trapz(Tensor y, double dx, long dim) {
        return Torch.trapezoid(y, Scalar.of(dx), dim);
    }

    private static Tensor zerosExcept(Tensor y, int d) {
        long[] sizes = new long[y.dim() - 1];
        for (int i = 0, j = 0; i < y.dim(); i++) {
            if (i != d) {
                sizes[j++] = y.size(i);
            }
        }
        return Torch.zeros(sizes, y.dtype(), null, y.device());
    }

    // ---------------------------------------------------------------- msort, argwhere

    /** The values of a sort along dim 0. */
    @Override
    public Tensor msort(Tensor self) {
        return Torch.sort(self, 0, false)[0];
    }

    /** sort.values along dim 0 into out, its indices into a scratch tensor that sort.values resizes. */
    @Override
    public Tensor msort_out(Tensor self, Tensor out) {
        Tensor indices = Torch.empty(new long[] {0}, ScalarType.Int64, null, self.device(), null, null);
        Torch.sort_out(out, indices, self, 0, false);
        return out;
    }

    /** nonzero under NumPy's name. */
    @Override
    public Tensor argwhere(Tensor self) {
        return self.nonzero();
    }

    // ---------------------------------------------------------------- combinations, cumulative_trapezoid

    /**
     * The r-element combinations of a vector's elements (with repetition when asked), in lexicographic order of
     * their positions: the elements of r meshgrids where the grids' indices increase (or do not decrease).
     */
    @Override
    public Tensor combinations(Tensor self, long r, boolean with_replacement) {
        if (self.dim() != 1) {
            throw new IllegalArgumentException("Expect a 1D vector, but got shape " + Arrays.toString(self.sizes()));
        }
        if (r < 0) {
            throw new IllegalArgumentException("Expect a non-negative number, but got " + r);
        }
        if (r == 0) {
            return Torch.empty(new long[] {0}, self.dtype(), null, self.device(), null, null);
        }
        checkGridFits(self.numel(), r);
        Tensor[] copies = new Tensor[(int) r];
        Arrays.fill(copies, self);
        Tensor[] grids = Torch.meshgrid(copies, "ij");
        Tensor mask = increasingIndices(self.numel(), copies.length, with_replacement, self);
        for (int i = 0; i < grids.length; i++) {
            grids[i] = grids[i].masked_select(mask);
        }
        return Torch.stack(grids, 1);
    }

    /**
     * The mask is a grid of n^r elements over r dims: refused when a tensor cannot hold it (or has more dims than
     * a reduction takes), rather than failing on the way to allocating it.
     */
    private static void checkGridFits(long n, long r) {
        boolean fits = r <= ReduceDims.MAX_DIMS;
        long cells = 1;
        for (long i = 0; fits && i < r; i++) {
            cells *= n; // both at most Storage.MAX_ELEMENTS: no overflow
            fits = cells <= Storage.MAX_ELEMENTS;
        }
        if (!fits) {
            throw new IllegalArgumentException("combinations: the grid of " + n + "^" + r + " index combinations of "
                    + n + " elements taken " + r + " at a time is more than a tensor can hold");
        }
    }

    /** ATen's _triu_mask: true where i < j < k < ... (or i <= j <= k <= ... with the diagonal) over dims grids of n. */
    private static Tensor increasingIndices(long n, int dims, boolean diagonal, Tensor like) {
        Tensor range = Torch.arange(Scalar.of(n), ScalarType.Int64, null, like.device());
        Tensor[] copies = new Tensor[dims];
        Arrays.fill(copies, range);
        Tensor[] index = Torch.meshgrid(copies, "ij");
        Tensor mask = Torch.full(index[0].sizes(), Scalar.of(true), ScalarType.Bool, null, like.device(), null);
        for (int i = 0; i < dims - 1; i++) {
            mask = mask.mul(diagonal ? index[i].le(index[i + 1]) : index[i].lt(index[i + 1]));
        }
        return mask;
    }

    /** The running trapezoidal rule along dim with sample points x (one per sample, or broadcast as NumPy's). */
    @Override
    public Tensor cumulative_trapezoid(Tensor y, Tensor x, long dim) {
        int d = org.jitdispatch.runtime.TensorGeometry.wrapDim(dim, y.dim());
        if (y.dtype() == ScalarType.Bool || x.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("cumulative_trapezoid: received a bool input for `x` or `y`, but bool is"
                    + " not supported");
        }
        Tensor viewed = x;
        if (x.dim() == 1) {
            if (x.size(0) != y.size(d)) {
                throw new IllegalArgumentException("cumulative_trapezoid: There must be one `x` value for each sample"
                        + " point");
            }
            long[] sizes = new long[y.dim()];
            Arrays.fill(sizes, 1);
            sizes[d] = x.size(0);
            viewed = x.view(sizes);
        } else if (x.dim() < y.dim()) {
            long[] sizes = new long[y.dim()];
            Arrays.fill(sizes, 1);
            System.arraycopy(x.sizes(), 0, sizes, y.dim() - x.dim(), x.dim());
            viewed = x.view(sizes);
        }
        Tensor dx = Torch.slice(viewed, d, 1L, null, 1).sub(Torch.slice(viewed, d, 0L, -1L, 1));
        Tensor sums = Torch.slice(y, d, 0L, -1L, 1).add(Torch.slice(y, d, 1L, null, 1));
        return Torch.cumsum(sums.mul(dx), d, null).div(Scalar.of(2.0));
    }

    /** The running trapezoidal rule along dim with constant spacing dx. */
    @Override
    public Tensor cumulative_trapezoid(Tensor y, Scalar dx, long dim) {
        if (y.dtype() == ScalarType.Bool) {
            throw new IllegalArgumentException("cumulative_trapezoid: received a bool input for `y`, but bool is not"
                    + " supported");
        }
        if (dx.isBoolean()) {
            throw new IllegalArgumentException("cumulative_trapezoid: Currently, we only support dx as a real number.");
        }
        Tensor sums = Torch.slice(y, dim, 0L, -1L, 1).add(Torch.slice(y, dim, 1L, null, 1));
        return Torch.cumsum(sums.mul(Scalar.of(dx.toDouble() / 2.0)), dim, null);
    }
}
