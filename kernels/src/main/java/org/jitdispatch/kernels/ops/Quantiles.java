package org.jitdispatch.kernels.ops;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * quantile and nanquantile (a tensor q or a float q, over all elements or one dim, keepdim, the interpolations
 * 'linear', 'lower', 'higher', 'midpoint' and 'nearest'; + out=), written as PyTorch 1.13's Sorting.cpp writes
 * them: sort, turn each q into a fractional rank, gather the values at the ranks below and above and lerp
 * between them. Autograd differentiates through sort, gather and lerp. The out= overloads copy the result into out.
 */
public final class Quantiles implements QuantilesDeclarations {

    @Override
    public Tensor quantile(Tensor self, Tensor q, Long dim, boolean keepdim, String interpolation) {
        return into(self, q, dim, keepdim, interpolation, false, null);
    }

    @Override
    public Tensor quantile(Tensor self, double q, Long dim, boolean keepdim, String interpolation) {
        return quantile(self, scalarQ(self, q), dim, keepdim, interpolation);
    }

    @Override
    public Tensor quantile_out(Tensor self, Tensor q, Long dim, boolean keepdim, String interpolation, Tensor out) {
        return into(self, q, dim, keepdim, interpolation, false, out);
    }

    @Override
    public Tensor quantile_out(Tensor self, double q, Long dim, boolean keepdim, String interpolation, Tensor out) {
        return quantile_out(self, scalarQ(self, q), dim, keepdim, interpolation, out);
    }

    @Override
    public Tensor nanquantile(Tensor self, Tensor q, Long dim, boolean keepdim, String interpolation) {
        return into(self, q, dim, keepdim, interpolation, true, null);
    }

    @Override
    public Tensor nanquantile(Tensor self, double q, Long dim, boolean keepdim, String interpolation) {
        return nanquantile(self, scalarQ(self, q), dim, keepdim, interpolation);
    }

    @Override
    public Tensor nanquantile_out(Tensor self, Tensor q, Long dim, boolean keepdim, String interpolation, Tensor out) {
        return into(self, q, dim, keepdim, interpolation, true, out);
    }

    @Override
    public Tensor nanquantile_out(Tensor self, double q, Long dim, boolean keepdim, String interpolation, Tensor out) {
        return nanquantile_out(self, scalarQ(self, q), dim, keepdim, interpolation, out);
    }

    private enum Interpolation { LINEAR, LOWER, HIGHER, MIDPOINT, NEAREST }

    /** get_quantile_interpolation_mode. */
    private static Interpolation interpolation(String name) {
        switch (name) {
            case "linear": return Interpolation.LINEAR;
            case "lower": return Interpolation.LOWER;
            case "higher": return Interpolation.HIGHER;
            case "midpoint": return Interpolation.MIDPOINT;
            case "nearest": return Interpolation.NEAREST;
            default:
                throw new IllegalArgumentException("quantile() interpolation must be one of linear, lower, higher,"
                        + " midpoint or nearest, but got " + name);
        }
    }

    /** The float overloads' q as a 0-dim tensor of self's dtype, after their own range check. */
    private static Tensor scalarQ(Tensor self, double q) {
        if (!(q >= 0 && q <= 1)) {
            throw new IllegalArgumentException("quantile() q must be in the range [0, 1] but got " + RangeFactories.formatDouble(q));
        }
        return Torch.full(new long[0], Scalar.of(q), self.dtype(), null, self.device());
    }

    /**
     * quantile_impl and quantile_out_impl: the checks, the output's shape, then the computed quantiles, copied into
     * out if there is one (the functional overloads return them as computed, a view when q is a tensor).
     */
    private static Tensor into(Tensor self, Tensor q, Long dim, boolean keepdim, String interpolation, boolean ignoreNan,
            Tensor out) {
        Interpolation mode = interpolation(interpolation);
        if (self.numel() == 0) {
            throw new IllegalArgumentException("quantile() input tensor must be non-empty");
        }
        if (q.dim() > 1) {
            throw new IllegalArgumentException("quantile() q must be a scalar or 1D tensor");
        }
        if (self.dtype() != ScalarType.Float32 && self.dtype() != ScalarType.Float64) {
            throw new IllegalArgumentException("quantile() input tensor must be either float or double dtype");
        }
        if (self.dtype() != q.dtype()) {
            throw new IllegalArgumentException("quantile() q tensor must be same dtype as the input tensor");
        }
        if (out != null && self.dtype() != out.dtype()) {
            throw new IllegalArgumentException("quantile() out tensor must be same dtype as the input tensor");
        }
        int wrapped = TensorGeometry.wrapDim(dim == null ? 0 : dim, self.dim());
        List<Long> outShape = outputShape(dim, self, q, keepdim, wrapped);
        Tensor quantiles = compute(self, q, dim, mode, ignoreNan, wrapped, outShape);
        return out == null ? quantiles : ResultIntoOut.copy(quantiles, out);
    }

    /** quantile_output_shape: q's size first (a tensor q), then the reduced shape. */
    private static List<Long> outputShape(Long dim, Tensor self, Tensor q, boolean keepdim, int wrapped) {
        List<Long> shape = new ArrayList<>();
        if (dim != null && self.dim() > 0) {
            for (int i = 0; i < self.dim(); i++) {
                if (i != wrapped) {
                    shape.add(self.size(i));
                } else if (keepdim) {
                    shape.add(1L);
                }
            }
        } else if (keepdim) {
            for (int i = 0; i < self.dim(); i++) {
                shape.add(1L);
            }
        }
        if (q.dim() > 0) {
            shape.add(0, q.numel());
        }
        return shape;
    }

    /** quantile_compute. */
    private static Tensor compute(Tensor self, Tensor q, Long dim, Interpolation mode, boolean ignoreNan, int wrapped,
            List<Long> outShape) {
        if (self.device().type() == org.jitdispatch.runtime.DeviceType.CPU
                && !q.ge(Scalar.of(0)).logical_and(q.le(Scalar.of(1))).all().item().toBoolean()) {
            throw new IllegalArgumentException("quantile() q values must be in the range [0, 1]");
        }
        // the reduced values sorted along the last dim: all of them flattened, or dim moved last
        Tensor sorted;
        if (dim == null) {
            sorted = Torch.sort(self.flatten(), -1, false)[0];
        } else if (wrapped == self.dim() - 1) {
            sorted = Torch.sort(self, -1, false)[0];
        } else {
            sorted = Torch.sort(self.unsqueeze(-1).transpose(wrapped, -1), -1, false)[0];
        }
        // q as a 1-D tensor from here on; the reduced shape with the sorted values as its last dim
        List<Long> shape = new ArrayList<>(outShape);
        if (q.dim() == 0) {
            shape.add(0, q.numel());
        }
        long[] inShape = new long[shape.size()];
        for (int i = 1; i < shape.size(); i++) {
            inShape[i - 1] = shape.get(i);
        }
        inShape[inShape.length - 1] = sorted.size(-1);
        sorted = sorted.view(inShape);
        if (sorted.size(-1) > (1L << 24)) {
            throw new IllegalArgumentException("quantile() input tensor is too large");
        }
        // q in [0, 1] as ranks in [0, n): nanquantile counts the numbers only (all NaN: rank 0, a NaN result);
        // quantile's rank is the last one where a NaN is, so that the result is NaN
        Tensor ranks;
        if (ignoreNan) {
            ranks = q.mul(sorted.isnan().logical_not().sum(new long[] {-1}, true).sub(Scalar.of(1)));
            ranks = ranks.masked_fill(ranks.lt(Scalar.of(0)), Scalar.of(0));
        } else {
            long last = sorted.size(-1) - 1;
            Tensor[] tl = Torch.broadcast_tensors(new Tensor[] {q.mul(Scalar.of(last)), sorted.isnan().any(-1, true)});
            ranks = tl[0].masked_fill(tl[1], Scalar.of(last));
        }
        if (mode == Interpolation.LOWER) {
            ranks = ranks.floor();
        } else if (mode == Interpolation.HIGHER) {
            ranks = ranks.ceil();
        } else if (mode == Interpolation.NEAREST) {
            ranks = ranks.round();
        }
        Tensor ranksBelow = ranks.to(ScalarType.Int64);
        Tensor values = sorted.gather(-1, ranksBelow);
        if (mode == Interpolation.LINEAR || mode == Interpolation.MIDPOINT) {
            Tensor weights = mode == Interpolation.MIDPOINT ? Torch.full_like(ranks, Scalar.of(0.5)) : ranks.sub(ranksBelow);
            Tensor above = sorted.gather(-1, ranks.ceil().to(ScalarType.Int64));
            values = values.lerp(above, weights);
        }
        // a float q drops its dim; a tensor q's dim moves first
        return q.dim() == 0 ? values.squeeze(-1) : values.unsqueeze(0).transpose(0, -1).squeeze(-1);
    }
}
