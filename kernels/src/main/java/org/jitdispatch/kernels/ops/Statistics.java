package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.CastRules;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.reduce.ReduceDims;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * var and std (with a correction), prod, cumsum, cumprod, logsumexp, any, all and norm, as PyTorch 1.13's
 * ReduceOps.cpp: its metas' checks in their order and their messages. Floating values accumulate in
 * double, as ATen's CPU kernels accumulate float (acc_type) for var, std and cumsum; integers in long, with
 * Java's wrap-around on overflow as C++'s int64_t has.
 *
 * <p>Where ATen's CPU kernel fails only after an out= tensor was resized (norm into an integral out), the
 * meta checks it, so that a failing call leaves every tensor untouched.
 */
public final class Statistics implements StatisticsDeclarations {
    private static final long[] ALL_DIMS = new long[0];

    // ---------------------------------------------------------------------------------------- var, std

    @Override
    public Tensor var(Tensor self, long[] dim, Long correction, boolean keepdim) {
        return varStd(self, dim, correction, keepdim, null, false);
    }

    @Override
    public Tensor var_out(Tensor self, long[] dim, Long correction, boolean keepdim, Tensor out) {
        return varStd(self, dim, correction, keepdim, out, false);
    }

    @Override
    public Tensor std(Tensor self, long[] dim, Long correction, boolean keepdim) {
        return varStd(self, dim, correction, keepdim, null, true);
    }

    @Override
    public Tensor std_out(Tensor self, long[] dim, Long correction, boolean keepdim, Tensor out) {
        return varStd(self, dim, correction, keepdim, out, true);
    }

    /** ATen's std_var_out: the variance {@code sum((x - mean)^2) / max(0, N - correction)}, its root for std. */
    private static Tensor varStd(Tensor self, long[] dim, Long correction, boolean keepdim, Tensor out, boolean sqrt) {
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("std and var only support floating point and complex dtypes");
        }
        long[] shape = MinMaxOps.reducedShape(self, dim, keepdim);
        Tensor result = output(self, shape, self.dtype(), out);
        if (self.isMeta() || result.isMeta()) {
            return result;
        }
        long c = correction == null ? 1 : correction;
        DimGroups g = DimGroups.of(self, mask(self, dim));
        long[] o = result.elementOffsets();
        for (int i = 0; i < g.groups; i++) {
            double v = Double.NaN;
            if (g.size > 0) {
                double mean = 0;
                for (int k = 0; k < g.size; k++) {
                    mean += g.getDouble(i, k);
                }
                mean /= g.size;
                double m2 = 0;
                for (int k = 0; k < g.size; k++) {
                    double d = g.getDouble(i, k) - mean;
                    m2 += d * d;
                }
                v = m2 / Math.max(0, g.size - c);
            }
            result.storage().setDouble(o[i], sqrt ? Math.sqrt(v) : v);
        }
        return result;
    }

    // -------------------------------------------------------------------------------------------- prod

    /** ATen's prod: over every element, integers and bools as int64 unless a dtype is given. */
    @Override
    public Tensor prod(Tensor self, ScalarType dtype) {
        ScalarType outDtype = dtype != null ? dtype : self.dtype().isIntegral(true) ? ScalarType.Int64 : self.dtype();
        Tensor result = Tensor.FACTORY.empty(new long[0], outDtype, self.device());
        if (!self.isMeta()) {
            fillProducts(self, allDims(self.dim()), result);
        }
        return result;
    }

    @Override
    public void meta_prod_dim_int(StructuredMeta op, Tensor self, long dim, boolean keepdim, ScalarType dtype) {
        TensorImpl result = op.maybeGetOutput(0);
        ScalarType outDtype = result != null ? (dtype != null ? dtype : result.dtype())
                : dtype != null ? dtype : self.dtype().isIntegral(true) ? ScalarType.Int64 : self.dtype();
        long[] shape = MinMaxOps.reducedShape(self, new long[] {dim}, keepdim);
        MemOverlap.assertResizedOutOverlapsNoInput(result, shape, self);
        op.setOutputRawStrided(0, shape, null, outDtype, self.device());
    }

    @Override
    public void prod_out(StructuredMeta op, Tensor self, long dim, boolean keepdim, ScalarType dtype, Tensor out) {
        fillProducts(self, mask(self, new long[] {dim}), out);
    }

    /** The products, in out's dtype: the values converted to it first (self.to(dtype)), as ATen's kernel reads them. */
    private static void fillProducts(Tensor self, boolean[] reduced, Tensor out) {
        DimGroups g = DimGroups.of(self, reduced);
        long[] o = out.elementOffsets();
        Storage s = out.storage();
        ScalarType t = out.dtype();
        for (int i = 0; i < g.groups; i++) {
            if (t.isFloatingPoint()) {
                double p = 1;
                for (int k = 0; k < g.size; k++) {
                    p *= round(g.getDouble(i, k), t);
                    p = round(p, t);
                }
                s.setDouble(o[i], p);
            } else {
                long p = 1;
                for (int k = 0; k < g.size; k++) {
                    p *= g.getLong(i, k);
                }
                s.setLong(o[i], t == ScalarType.Bool ? (p != 0 ? 1 : 0) : p);
            }
        }
    }

    // ------------------------------------------------------------------------------------------ cumsum

    /** ATen's meta_func_cum_ops: the dim checked, the dtype given, else out's, else self's (integers as int64). */
    @Override
    public void meta_cumsum(StructuredMeta op, Tensor self, long dim, ScalarType dtype) {
        TensorGeometry.wrapDim(dim, self.dim());
        TensorImpl result = op.maybeGetOutput(0);
        ScalarType outDtype = result != null ? (dtype != null ? dtype : result.dtype())
                : dtype != null ? dtype : self.dtype().isIntegral(true) ? ScalarType.Int64 : self.dtype();
        MemOverlap.assertResizedOutOverlapsNoInput(result, self.sizes(), self);
        op.setOutputRawStrided(0, self.sizes(), null, outDtype, self.device());
    }

    /** ATen's impl_func_cum_ops: self converted to out's dtype, then running sums along dim (double or long). */
    @Override
    public void cumsum_out(StructuredMeta op, Tensor self, long dim, ScalarType dtype, Tensor out) {
        cumulative(self, dim, out, false);
    }

    /** cumsum's meta: the same checks and dtypes. */
    @Override
    public void meta_cumprod(StructuredMeta op, Tensor self, long dim, ScalarType dtype) {
        meta_cumsum(op, self, dim, dtype);
    }

    /** Running products along dim, accumulated in double (ATen's CPU acc_type) or long. */
    @Override
    public void cumprod_out(StructuredMeta op, Tensor self, long dim, ScalarType dtype, Tensor out) {
        cumulative(self, dim, out, true);
    }

    /** The running sums or products of cumsum and cumprod, in out's dtype. */
    private static void cumulative(Tensor self, long dim, Tensor out, boolean product) {
        if (self.numel() == 0) {
            return;
        }
        // self may be out itself (cumsum_, cumprod_): read every value before writing
        DimGroups in = DimGroups.along(self, self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim()));
        DimGroups to = DimGroups.along(out, out.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, out.dim()));
        ScalarType t = out.dtype();
        if (t == self.dtype() && (t == ScalarType.Float32 || t == ScalarType.Float64)) {
            cumulativeInPlace(self, in, out, to, product);
        } else if (t.isFloatingPoint()) {
            double[] runs = new double[in.groups * in.size];
            for (int i = 0; i < in.groups; i++) {
                double acc = product ? 1 : 0;
                for (int k = 0; k < in.size; k++) {
                    double v = round(in.getDouble(i, k), t);
                    acc = product ? acc * v : acc + v;
                    runs[i * in.size + k] = acc;
                }
            }
            for (int i = 0; i < in.groups; i++) {
                for (int k = 0; k < in.size; k++) {
                    to.storage.setDouble(to.offset(i, k), runs[i * in.size + k]);
                }
            }
        } else {
            long[] runs = new long[in.groups * in.size];
            boolean bool = t == ScalarType.Bool;
            for (int i = 0; i < in.groups; i++) {
                long acc = product ? 1 : 0;
                for (int k = 0; k < in.size; k++) {
                    long v = in.getLong(i, k);
                    long x = bool ? (v != 0 ? 1 : 0) : t == ScalarType.Int32 ? (int) v : v;
                    acc = product ? acc * x : acc + x;
                    runs[i * in.size + k] = acc;
                }
            }
            for (int i = 0; i < in.groups; i++) {
                for (int k = 0; k < in.size; k++) {
                    to.storage.setLong(to.offset(i, k), runs[i * in.size + k]);
                }
            }
        }
    }

    /**
     * {@link #cumulative} of a float32 or float64 self into out of its dtype, read and written through the arrays
     * group by group: the same running sums (products) in double, each rounded to the dtype as it is written.
     * Each element is read before it is written, and out is either self itself or shares no memory with it
     * (the meta function refuses partial overlaps), so no copy of the values is needed.
     */
    private static void cumulativeInPlace(Tensor self, DimGroups in, Tensor out, DimGroups to, boolean product) {
        for (int i = 0; i < in.groups; i++) {
            if (self.dtype() == ScalarType.Float32) {
                FloatGroupScans.running(self.storage().floats(), in, i, out.storage().floats(), to, product);
            } else {
                DoubleGroupScans.running(self.storage().doubles(), in, i, out.storage().doubles(), to, product);
            }
        }
    }

    // --------------------------------------------------------------------------------------- logsumexp

    /** ATen's logsumexp: integral and bool inputs give the default floating dtype. */
    @Override
    public Tensor logsumexp(Tensor self, long[] dim, boolean keepdim) {
        ScalarType dtype = self.dtype().isIntegral(true) ? ResultType.DEFAULT_DTYPE : self.dtype();
        Tensor result = Tensor.FACTORY.empty(new long[] {0}, dtype, self.device());
        return logsumexp_out(self, dim, keepdim, result);
    }

    /**
     * ATen's logsumexp_out_impl: {@code log(sum(exp(self - m))) + m} with {@code m} the maximum over dim (0 where
     * it is infinite), or {@code log(sum(exp(self)))} for an empty self.
     */
    @Override
    public Tensor logsumexp_out(Tensor self, long[] dim, boolean keepdim, Tensor out) {
        if (!out.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("logsumexp(): Expected floating point type for result tensor, but got: "
                    + out.dtype().c10Name());
        }
        Tensor input = self.dtype().isIntegral(true) ? self.to(ResultType.DEFAULT_DTYPE) : self;
        Tensor value;
        if (input.numel() != 0) {
            Tensor maxes = Torch.amax(input, dim, true);
            maxes = Torch.where(maxes.abs().eq(Scalar.of(Double.POSITIVE_INFINITY)), Torch.zeros_like(maxes), maxes);
            Tensor sums = Torch.sum(input.sub(maxes).exp(), dim, keepdim, null).log();
            if (!keepdim && dim.length == 0 && input.dim() > 0) {
                // ATen's squeeze_multiple squeezes no dim for dim=[], and result.add_(maxes) cannot broadcast
                long[] ones = new long[input.dim()];
                java.util.Arrays.fill(ones, 1);
                throw new IllegalArgumentException("output with shape [] doesn't match the broadcast shape "
                        + java.util.Arrays.toString(ones));
            }
            value = sums.add(keepdim ? maxes : squeezeAll(maxes, dim));
        } else {
            value = Torch.sum(input.exp(), dim, keepdim, null).log();
        }
        if (!CastRules.canCast(value.dtype(), out.dtype())) {
            throw new IllegalArgumentException("result type " + value.dtype().c10Name()
                    + " can't be cast to the desired output type " + out.dtype().c10Name());
        }
        ResultIntoOut.copy(value, out);
        return out;
    }

    private static Tensor squeezeAll(Tensor t, long[] dim) {
        long[] dims = ReduceDims.dimVector(dim, t.dim());
        long[] wrapped = new long[dims.length];
        for (int i = 0; i < dims.length; i++) {
            wrapped[i] = TensorGeometry.wrapDim(dims[i], t.dim());
        }
        java.util.Arrays.sort(wrapped);
        for (int i = wrapped.length - 1; i >= 0; i--) {
            t = t.squeeze(wrapped[i]);
        }
        return t;
    }

    // ----------------------------------------------------------------------------------------- any, all

    @Override
    public void meta_any(StructuredMeta op, Tensor self) {
        allAnyMeta(op, self, ALL_DIMS, false, "any");
    }

    @Override
    public void any_all_out(StructuredMeta op, Tensor self, Tensor out) {
        fillAllAny(self, allDims(self.dim()), out, true);
    }

    @Override
    public void meta_any_dim(StructuredMeta op, Tensor self, long dim, boolean keepdim) {
        allAnyMeta(op, self, new long[] {dim}, keepdim, "any");
    }

    @Override
    public void any_out(StructuredMeta op, Tensor self, long dim, boolean keepdim, Tensor out) {
        fillAllAny(self, mask(self, new long[] {dim}), out, true);
    }

    @Override
    public void meta_all(StructuredMeta op, Tensor self) {
        allAnyMeta(op, self, ALL_DIMS, false, "all");
    }

    @Override
    public void all_all_out(StructuredMeta op, Tensor self, Tensor out) {
        fillAllAny(self, allDims(self.dim()), out, false);
    }

    @Override
    public void meta_all_dim(StructuredMeta op, Tensor self, long dim, boolean keepdim) {
        allAnyMeta(op, self, new long[] {dim}, keepdim, "all");
    }

    @Override
    public void all_out(StructuredMeta op, Tensor self, long dim, boolean keepdim, Tensor out) {
        fillAllAny(self, mask(self, new long[] {dim}), out, false);
    }

    /** ATen's allany_meta: the result is bool, or uint8 for a uint8 input (PyTorch's legacy behaviour). */
    private static void allAnyMeta(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, String name) {
        TensorImpl result = op.maybeGetOutput(0);
        if (result != null && result.dtype() != ScalarType.Bool && result.dtype() != ScalarType.UInt8) {
            throw new IllegalArgumentException(name + " only supports bool tensor for result, got: " + result.dtype().c10Name());
        }
        long[] shape = MinMaxOps.reducedShape(self, dim, keepdim);
        MemOverlap.assertResizedOutOverlapsNoInput(result, shape, self);
        ScalarType dtype = result != null ? result.dtype() : self.dtype() == ScalarType.UInt8 ? ScalarType.UInt8 : ScalarType.Bool;
        op.setOutputRawStrided(0, shape, null, dtype, self.device());
    }

    private static void fillAllAny(Tensor self, boolean[] reduced, Tensor out, boolean any) {
        DimGroups g = DimGroups.of(self, reduced);
        long[] o = out.elementOffsets();
        for (int i = 0; i < g.groups; i++) {
            boolean r = !any;
            for (int k = 0; k < g.size; k++) {
                if (g.storage.getBoolean(g.offset(i, k)) == any) {
                    r = any;
                    break;
                }
            }
            out.storage().setLong(o[i], r ? 1 : 0);
        }
    }

    // -------------------------------------------------------------------------------------------- norm

    /** ATen's norm(self, p): the p-norm of every element. */
    @Override
    public Tensor norm(Tensor self, Scalar p) {
        return Torch.norm(self, p, ALL_DIMS, false);
    }

    /** ATen's dist: the p-norm of {@code self - other} (broadcast), norm's checks and all. */
    @Override
    public Tensor dist(Tensor self, Tensor other, Scalar p) {
        return Torch.norm(self.sub(other), p);
    }

    /** TORCH_META_FUNC2(norm, ScalarOpt_dim): floating input; out's dtype for out=, else self's. */
    @Override
    public void meta_norm_ScalarOpt_dim(StructuredMeta op, Tensor self, Scalar p, long[] dim, boolean keepdim) {
        if (!self.dtype().isFloatingPoint()) {
            throw new IllegalArgumentException("norm(): input dtype should be either floating point or complex. Got "
                    + self.dtype().c10Name() + " instead.");
        }
        TensorImpl result = op.maybeGetOutput(0);
        ScalarType outDtype = result != null ? result.dtype() : self.dtype();
        long[] shape = MinMaxOps.reducedShape(self, dim, keepdim);
        MemOverlap.assertResizedOutOverlapsNoInput(result, shape, self);
        // ATen's linalg_vector_norm kernel refuses an integral result after out was resized: checked here
        if (self.device().type() == DeviceType.CPU && !outDtype.isFloatingPoint()) {
            throw Elementwise.notImplemented("norm_cpu", outDtype);
        }
        op.setOutputRawStrided(0, shape, null, outDtype, self.device());
    }

    /** linalg_vector_norm: 0 counts non-zeros, inf and -inf take the largest and smallest magnitude. */
    @Override
    public void norm_out(StructuredMeta op, Tensor self, Scalar p, long[] dim, boolean keepdim, Tensor out) {
        double ord = p == null ? 2.0 : p.toDouble();
        if ((ord == 2 || ord == 1) && out.numel() == 1 && self.isContiguous() && self.numel() > 0
                && (self.dtype() == ScalarType.Float32 || self.dtype() == ScalarType.Float64)) {
            // the usual norms of every element: one pass over the array, no per-element offsets
            out.storage().setDouble(out.storageOffset(), ContiguousNorms.of(self, ord));
            return;
        }
        DimGroups g = DimGroups.of(self, mask(self, dim));
        long[] o = out.elementOffsets();
        for (int i = 0; i < g.groups; i++) {
            double acc = ord == Double.NEGATIVE_INFINITY ? Double.POSITIVE_INFINITY : 0;
            for (int k = 0; k < g.size; k++) {
                double a = Math.abs(g.getDouble(i, k));
                if (ord == 0) {
                    acc += a != 0 ? 1 : 0;
                } else if (ord == 1) {
                    acc += a;
                } else if (ord == 2) {
                    acc += a * a;
                } else if (ord == Double.POSITIVE_INFINITY) {
                    acc = Double.isNaN(a) || a > acc ? a : acc;
                } else if (ord == Double.NEGATIVE_INFINITY) {
                    acc = Double.isNaN(a) || a < acc ? a : acc;
                } else {
                    acc += Math.pow(a, ord);
                }
                if (Double.isNaN(acc)) {
                    break;
                }
            }
            double v = ord == 2 ? Math.sqrt(acc) : ord == 0 || ord == 1 || Double.isInfinite(ord) ? acc
                    : Math.pow(acc, 1.0 / ord);
            if (g.size == 0 && ord == Double.NEGATIVE_INFINITY) {
                v = 0;
            }
            out.storage().setDouble(o[i], v);
        }
    }

    /** ATen's frobenius_norm.dim (CompositeImplicitAutograd): norm 2 over at most two distinct dims. */
    @Override
    public Tensor frobenius_norm(Tensor self, long[] dim, boolean keepdim) {
        if (dim.length > 2) {
            throw new IllegalArgumentException("Expected at most 2 dimensions, but got " + dim.length
                    + " dimensions instead.");
        }
        if (dim.length <= 1) {
            return Torch.norm(self, Scalar.of(2), dim, keepdim);
        }
        long d0 = TensorGeometry.wrapDim(dim[0], self.dim());
        long d1 = TensorGeometry.wrapDim(dim[1], self.dim());
        if (d0 == d1) {
            throw new IllegalArgumentException("Expected dims to be different, got " + java.util.Arrays.toString(dim)
                    + " instead");
        }
        return Torch.sum(self.mul(self), new long[] {d0, d1}, keepdim, null).sqrt();
    }

    // -------------------------------------------------------------------------------------------- helpers

    /** A functional op's new result, or out= resized (checked for overlap with self first). */
    private static Tensor output(Tensor self, long[] shape, ScalarType dtype, Tensor out) {
        if (out == null) {
            return Tensor.FACTORY.empty(shape, dtype, self.device());
        }
        MemOverlap.assertResizedOutOverlapsNoInput(out, shape, self);
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        resize.setOutputRawStrided(0, shape, null, out.dtype(), self.device());
        resize.commit();
        return out;
    }

    static double round(double v, ScalarType t) {
        return t == ScalarType.Float32 ? (float) v : v;
    }

    private static boolean[] mask(Tensor self, long[] dim) {
        return ReduceDims.mask(ReduceDims.dimVector(dim, self.dim()), self.dim());
    }

    private static boolean[] allDims(int n) {
        return MinMaxOps.allTrue(n);
    }
}
