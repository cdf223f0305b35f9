package org.jitdispatch.autograd;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * derivatives.yaml helpers of the reductions and indexing operators (PyTorch's FunctionsManual: the
 * backward of max/min over a dim, var, std, prod, cumsum, logsumexp, norm, maximum/minimum, gather and
 * masked_fill), built from operators so that they run on every backend.
 */
public final class IndexingFormulas {
    private IndexingFormulas() {
    }

    /** value_selecting_reduction_backward: grad put at the selected indices of a zero tensor of self's sizes. */
    public static Tensor valueSelectingBackward(Tensor grad, long dim, Tensor indices, long[] sizes, boolean keepdim) {
        if (sizes.length == 0) {
            return grad;
        }
        Tensor g = keepdim ? grad : grad.unsqueeze(dim);
        Tensor i = keepdim ? indices : indices.unsqueeze(dim);
        return Torch.zeros(sizes, g.dtype(), null, g.device()).scatter(dim, i, g);
    }

    /** var_backward: {@code 2 / max(0, N - correction) * grad * (self - mean)}. */
    public static Tensor varBackward(Tensor grad, Tensor self, long[] dim, Long correction, boolean keepdim) {
        long[] reduced = reducedDims(dim, self.dim());
        long n = 1;
        for (long d : reduced) {
            n *= self.size((int) d);
        }
        long c = correction == null ? 1 : correction;
        Tensor g = unsqueezeAll(grad, reduced, keepdim);
        Tensor centered = self.sub(Torch.mean(self, reduced, true, null));
        return g.mul(Scalar.of(2.0 / Math.max(0, n - c))).mul(centered);
    }

    /** std_backward: var's gradient of {@code grad / (2 std)}, 0 where std is 0. */
    public static Tensor stdBackward(Tensor result, Tensor grad, Tensor self, long[] dim, Long correction,
            boolean keepdim) {
        Tensor g = grad.div(result.mul(Scalar.of(2)));
        g = g.masked_fill(result.eq(Scalar.of(0)), Scalar.of(0));
        return varBackward(g, self, dim, correction, keepdim);
    }

    /** prod_backward over every element. */
    public static Tensor prodBackward(Tensor grad, Tensor self, Tensor result) {
        if (self.dim() == 0) {
            return grad.to(self.dtype());
        }
        Tensor flat = self.reshape(-1);
        return prodBackward(grad.unsqueeze(0), flat, result.unsqueeze(0), 0, true).view(self.sizes());
    }

    /**
     * prod_backward over a dim: {@code grad * result / self} where self has no zero along the dim, else the product
     * of the other elements (exclusive products from both sides).
     */
    public static Tensor prodBackward(Tensor grad, Tensor self, Tensor result, long dim, boolean keepdim) {
        if (self.dim() == 0) {
            return grad.to(self.dtype());
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        Tensor g = keepdim ? grad : grad.unsqueeze(d);
        long n = self.size(d);
        Tensor[] others = new Tensor[(int) n];
        for (long k = 0; k < n; k++) {
            Tensor before = k == 0 ? null : Torch.prod(self.narrow(d, 0, k), d, true, null);
            Tensor after = k == n - 1 ? null : Torch.prod(self.narrow(d, k + 1, n - k - 1), d, true, null);
            Tensor p = before == null ? after : after == null ? before : before.mul(after);
            others[(int) k] = p == null ? Torch.ones_like(self.narrow(d, 0, 1)) : p;
        }
        return g.mul(Torch.cat(others, d));
    }

    /** cumsum_backward: the sums from the end, {@code sum(grad) - cumsum(grad) + grad} along dim. */
    public static Tensor cumsumBackward(Tensor grad, long dim) {
        if (grad.numel() <= 1 || grad.dim() == 0 || grad.size(TensorGeometry.wrapDim(dim, grad.dim())) == 1) {
            return grad;
        }
        return Torch.sum(grad, new long[] {dim}, true, null).sub(grad.cumsum(dim)).add(grad);
    }

    /**
     * cumprod_backward: with no zero in the input, {@code reversed_cumsum(grad * result) / self} (ATen's common
     * case); otherwise, per slice along dim with its first zero at z, that sum for the elements before z, the sum
     * over j >= z of {@code grad_j * prod_{i <= j, i != z} x_i} at z, and 0 after it, computed in double.
     */
    public static Tensor cumprodBackward(Tensor grad, Tensor self, long dim, Tensor result) {
        if (self.numel() <= 1 || self.dim() == 0 || self.size(TensorGeometry.wrapDim(dim, self.dim())) == 1) {
            return grad;
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (self.ne(Scalar.of(0)).all().item().toBoolean()) {
            Tensor w = grad.mul(result);
            return w.flip(new long[] {d}).cumsum(d, null).flip(new long[] {d}).div(self);
        }
        Tensor x = self.movedim(d, -1).contiguous();
        Tensor g = grad.movedim(d, -1).contiguous();
        Tensor y = result.movedim(d, -1).contiguous();
        double[] xs = x.toDoubleArray();
        double[] gs = g.toDoubleArray();
        double[] ys = y.toDoubleArray();
        int n = (int) x.size(-1);
        double[] out = new double[xs.length];
        for (int base = 0; base < xs.length; base += n) {
            int z = 0;
            while (z < n && xs[base + z] != 0) {
                z++;
            }
            double tail = 0; // reversed cumsum of grad * result over [k, z)
            for (int k = z - 1; k >= 0; k--) {
                tail += gs[base + k] * ys[base + k];
                out[base + k] = tail / xs[base + k];
            }
            if (z < n) {
                double p = z == 0 ? 1 : ys[base + z - 1];
                double sum = gs[base + z] * p;
                for (int j = z + 1; j < n; j++) {
                    p *= xs[base + j];
                    sum += gs[base + j] * p;
                }
                out[base + z] = sum;
            }
        }
        Tensor flat = Torch.tensor(out, x.sizes()).to(grad.dtype());
        return flat.movedim(-1, d);
    }

    /** logsumexp_backward: {@code grad * exp(self - result)}. */
    public static Tensor logsumexpBackward(Tensor grad, Tensor self, Tensor result, long[] dim, boolean keepdim) {
        long[] reduced = reducedDims(dim, self.dim());
        Tensor g = unsqueezeAll(grad, reduced, keepdim);
        Tensor r = unsqueezeAll(result, reduced, keepdim);
        return g.mul(self.sub(r).exp());
    }

    /**
     * norm_backward: p = 0 has no gradient; p = 1 {@code sign(self) * grad}; p = 2 {@code self * grad / norm}
     * (0 where the norm is 0); p = inf the gradient shared among the elements of largest magnitude; other p
     * {@code self * |self|^(p-2) * grad / norm^(p-1)}.
     */
    /**
     * renorm_backward: where a slice was scaled ({@code norm > maxnorm}), the derivative of
     * {@code self * maxnorm / (norm + 1e-7)}, the norm's own gradient included; elsewhere grad.
     */
    public static Tensor renormBackward(Tensor grad, Tensor self, Scalar p, long dim, Scalar maxnorm) {
        long[] reduce = org.jitdispatch.kernels.ops.Renorm.otherDims(self.dim(), TensorGeometry.wrapDim(dim, self.dim()));
        org.jitdispatch.runtime.ScalarType acc = org.jitdispatch.kernels.ops.Renorm.accumulateType(self.dtype());
        Tensor norm = Torch.linalg_vector_norm(self, p, reduce, true, acc);
        Tensor gradOutput = self.mul(grad).sum(reduce, true, acc);
        Tensor nb = normBackward(gradOutput, self, p, norm, reduce, true);
        Tensor invnorm = norm.add(Scalar.of(1e-7)).reciprocal();
        Tensor factor = invnorm.mul(maxnorm);
        return Torch.where(norm.gt(maxnorm), factor.mul(grad).sub(factor.mul(invnorm).mul(nb)), grad);
    }

    public static Tensor normBackward(Tensor grad, Tensor self, Scalar p, Tensor norm, long[] dim, boolean keepdim) {
        double ord = p == null ? 2.0 : p.toDouble();
        long[] reduced = reducedDims(dim, self.dim());
        Tensor g = unsqueezeAll(grad, reduced, keepdim);
        Tensor n = unsqueezeAll(norm, reduced, keepdim);
        if (ord == 0) {
            return Torch.zeros_like(self);
        }
        if (ord == 1) {
            Tensor sign = Torch.where(self.gt(Scalar.of(0)), Torch.ones_like(self),
                    Torch.where(self.lt(Scalar.of(0)), Torch.ones_like(self).neg(), Torch.zeros_like(self)));
            return sign.mul(g);
        }
        if (ord == 2) {
            Tensor scale = g.div(n).masked_fill(n.eq(Scalar.of(0)), Scalar.of(0));
            return self.mul(scale);
        }
        if (Double.isInfinite(ord)) {
            Tensor mask = self.abs().eq(n);
            Tensor count = Torch.sum(mask, reduced, true, null);
            Tensor sign = Torch.where(self.lt(Scalar.of(0)), Torch.ones_like(self).neg(), Torch.ones_like(self));
            return sign.mul(mask).mul(g.div(count));
        }
        Tensor scale = g.div(n.pow(Scalar.of(ord - 1))).masked_fill(n.eq(Scalar.of(0)), Scalar.of(0));
        return self.mul(self.abs().pow(Scalar.of(ord - 2))).mul(scale);
    }

    /** maximum/minimum: the whole gradient to the chosen operand, half to each where they are equal. */
    public static Tensor extremumPairBackward(Tensor grad, Tensor self, Tensor other, boolean max, boolean forSelf) {
        Tensor half = Torch.where(self.eq(other), grad.div(Scalar.of(2)), grad);
        Tensor losing = forSelf == max ? self.lt(other) : self.gt(other);
        return half.masked_fill(losing, Scalar.of(0));
    }

    /** gather_backward: grad added at the gathered positions of a zero tensor of self's sizes. */
    public static Tensor gatherBackward(Tensor grad, long[] sizes, long dim, Tensor index) {
        return Torch.zeros(sizes, grad.dtype(), null, grad.device()).scatter_add(dim, index, grad);
    }

    /** masked_fill's gradient of the value: the sum of grad where the mask is set. */
    public static Tensor maskedFillValueBackward(Tensor grad, Tensor mask) {
        return Torch.where(mask, grad, Torch.zeros_like(grad)).sum();
    }

    private static Tensor unsqueezeAll(Tensor t, long[] reduced, boolean keepdim) {
        if (keepdim) {
            return t;
        }
        for (long d : reduced) {
            t = t.unsqueeze(d);
        }
        return t;
    }

    /** The dims a reduction over {@code dim} removed, wrapped and ascending; none given means all. */
    private static long[] reducedDims(long[] dim, int n) {
        long[] out;
        if (dim == null || dim.length == 0) {
            out = new long[n];
            for (int i = 0; i < n; i++) {
                out[i] = i;
            }
        } else {
            out = new long[dim.length];
            for (int i = 0; i < dim.length; i++) {
                out[i] = TensorGeometry.wrapDim(dim[i], n);
            }
        }
        Arrays.sort(out);
        return out;
    }

    /**
     * masked_scatter's gradient for source: the gradient where the mask is set, in row-major order, padded with
     * zeros to source's element count and shaped as source (ATen's masked_scatter_backward).
     */
    public static Tensor maskedScatterBackward(Tensor grad, Tensor mask, long[] sourceSizes) {
        long numel = 1;
        for (long s : sourceSizes) {
            numel *= s;
        }
        Tensor selected = grad.masked_select(mask);
        long missing = numel - selected.numel();
        if (missing > 0) {
            selected = Torch.cat(new Tensor[] {selected, Torch.zeros(new long[] {missing}, grad.dtype(), null,
                    grad.device())}, 0);
        }
        return selected.view(sourceSizes);
    }
}
