package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * prelu, glu, log_sigmoid, cdist, and the cross product (cross, linalg_cross), written over the elementwise and
 * reduction operators with PyTorch 1.13's checks and messages, so autograd differentiates through them.
 */
public final class MoreActivations implements MoreActivationsDeclarations {

    /** {@code x > 0 ? x : w * x}, one weight for all channels or one per channel (dim 1). */
    @Override
    public Tensor prelu(Tensor self, Tensor weight) {
        long weights = weight.numel();
        long channels = 1;
        if (weights != 1) {
            if (self.dim() == 0) {
                throw new IllegalArgumentException("Not allow zero-dim input tensor.");
            }
            channels = self.dim() > 1 ? self.size(1) : 1;
            if (channels != weights) {
                throw new IllegalArgumentException("Mismatch of parameter numbers and input channel size. Found"
                        + " parameter numbers = " + weights + " and channel size = " + channels + ".");
            }
        }
        // prelu_cpu's further checks, in its order: the weight's rank, its TensorIterator's dtypes, the kernel's
        if (weight.dim() > 1) {
            throw new IllegalArgumentException("prelu: Expected `weight` to be a scalar or 1D tensor, but got ndim = "
                    + weight.dim());
        }
        if (weight.dtype() != self.dtype()) {
            throw new IllegalArgumentException("Found dtype " + weight.dtype().c10Name() + " but expected "
                    + self.dtype().c10Name());
        }
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("prelu_cpu", self.dtype());
        }
        if (weights == 1) {
            return Torch.where(self.gt(Scalar.of(0)), self, weight.reshape(new long[0]).mul(self));
        }
        long[] shape = new long[self.dim()];
        Arrays.fill(shape, 1);
        shape[Math.min(1, self.dim() - 1)] = channels;
        return Torch.where(self.gt(Scalar.of(0)), self, weight.reshape(shape).mul(self));
    }

    /** The first half of dim times the sigmoid of the second. */
    @Override
    public Tensor glu(Tensor self, long dim) {
        if (self.dim() == 0) {
            throw new IllegalArgumentException("glu does not support 0-dimensional tensors");
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long n = self.size(d);
        if (n % 2 != 0) {
            throw new IllegalArgumentException("Halving dimension must be even, but dimension " + d + " is size " + n);
        }
        Tensor first = self.narrow(d, 0, n / 2);
        Tensor second = self.narrow(d, n / 2, n / 2);
        return first.mul(second.sigmoid());
    }

    /** {@code -softplus(-x)}, which is {@code min(x, 0) - log1p(exp(-|x|))}. */
    @Override
    public Tensor log_sigmoid(Tensor self) {
        if (!self.dtype().isFloatingPoint()) {
            throw Elementwise.notImplemented("log_sigmoid_cpu", self.dtype());
        }
        return Torch.softplus(self.neg(), Scalar.of(1), Scalar.of(20)).neg();
    }

    /**
     * The p-norm distance between every row of x1 and every row of x2, batch dims broadcast:
     * {@code ||x1[..., i, :] - x2[..., j, :]||_p}.
     */
    @Override
    public Tensor cdist(Tensor x1, Tensor x2, double p, Long computeMode) {
        if (x1.dim() < 2) {
            throw new IllegalArgumentException("cdist only supports at least 2D tensors, X1 got: " + x1.dim() + "D");
        }
        if (x2.dim() < 2) {
            throw new IllegalArgumentException("cdist only supports at least 2D tensors, X2 got: " + x2.dim() + "D");
        }
        if (x1.size(-1) != x2.size(-1)) {
            throw new IllegalArgumentException("X1 and X2 must have the same number of columns. X1: " + x1.size(-1)
                    + " X2: " + x2.size(-1));
        }
        if (!x1.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("cdist only supports floating-point dtypes, X1 got: " + x1.dtype().c10Name());
        }
        if (!x2.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("cdist only supports floating-point dtypes, X2 got: " + x2.dtype().c10Name());
        }
        if (!(p >= 0)) {
            throw new IllegalArgumentException("cdist only supports non-negative p values");
        }
        Tensor differences = x1.unsqueeze(-2).sub(x2.unsqueeze(-3));
        if (p == Double.POSITIVE_INFINITY) {
            // ATen's loop takes std::max(agg, |d|) from 0, which passes over a NaN difference
            differences = Torch.where(Torch.isnan(differences), Scalar.of(0), differences);
        }
        Tensor distances = Torch.norm(differences, Scalar.of(p), new long[] {-1}, false);
        if (p == 0) {
            // ATen's loop adds std::min(ceil(|d|), 1), which is NaN for a NaN difference
            distances = Torch.where(Torch.isnan(differences).any(-1, false), Scalar.of(Double.NaN), distances);
        }
        return distances;
    }

    // ---------------------------------------------------------------- cross products

    @Override
    public Tensor linalg_cross(Tensor self, Tensor other, long dim) {
        if (self.dim() != other.dim()) {
            throw new IllegalArgumentException("linalg.cross: inputs must have the same number of dimensions.");
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (self.size(d) != 3 || other.size(d) != 3) {
            throw new IllegalArgumentException("linalg.cross: inputs dimension " + dim + " must have length 3. Got "
                    + self.size(d) + " and " + other.size(d));
        }
        if (self.dtype() != other.dtype()) {
            throw new IllegalArgumentException("expected scalar type " + self.dtype().c10Name() + " but found "
                    + other.dtype().c10Name());
        }
        long[] shape = Broadcast.inferSize(self.sizes(), other.sizes());
        Tensor a = self.expand(shape, false);
        Tensor b = other.expand(shape, false);
        Tensor[] parts = new Tensor[3];
        for (int i = 0; i < 3; i++) {
            int j = (i + 1) % 3;
            int k = (i + 2) % 3;
            parts[i] = a.narrow(d, j, 1).mul(b.narrow(d, k, 1)).sub(a.narrow(d, k, 1).mul(b.narrow(d, j, 1)));
        }
        return Torch.cat(parts, d);
    }

    /** cross over the given dim, or the first dim of size 3 of self. */
    @Override
    public Tensor cross(Tensor self, Tensor other, Long dim) {
        long d;
        if (dim != null) {
            d = dim;
        } else {
            d = -1;
            for (int i = 0; i < self.dim(); i++) {
                if (self.size(i) == 3) {
                    d = i;
                    break;
                }
            }
            if (d < 0) {
                throw new IllegalArgumentException("no dimension of size 3 in input");
            }
        }
        return Torch.linalg_cross(self, other, d);
    }
}
