package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.generated.UfuncKernels;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.TensorIterator;
import org.jitdispatch.kernels.reduce.ReduceDims;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * max and min (of all elements, and over a dim with the indices), argmin, maximum and minimum, fmax and fmin, as PyTorch
 * 1.13's ReduceOps.cpp, TensorCompare.cpp and BinaryOps.cpp: the structured metas with ATen's checks in
 * their order and their messages. A NaN wins (the first one, with its index); among equal values the first
 * index wins, as ATen's CPU kernels pick it.
 */
public final class MinMaxOps implements MinMaxOpsDeclarations {
    private static final long[] ALL_DIMS = new long[0];

    // ------------------------------------------------------------------------------ max(), min()

    /** ATen's max(): amax over every element, refused for an empty tensor (no identity). */
    @Override
    public Tensor max(Tensor self) {
        return all(self, "max()", true);
    }

    @Override
    public Tensor min(Tensor self) {
        return all(self, "min()", false);
    }

    private static Tensor all(Tensor self, String name, boolean max) {
        if (self.numel() == 0) {
            throw new IllegalArgumentException(name + ": Expected reduction dim to be specified for input.numel() == 0. "
                    + "Specify the reduction dim with the 'dim' argument.");
        }
        return max ? Torch.amax(self, ALL_DIMS, false) : Torch.amin(self, ALL_DIMS, false);
    }

    // ------------------------------------------------------------------------- max.dim, min.dim

    @Override
    public void meta_max_dim(StructuredMeta op, Tensor self, long dim, boolean keepdim) {
        metaWithIndices(op, self, dim, keepdim, "max()");
    }

    @Override
    public void max_out(StructuredMeta op, Tensor self, long dim, boolean keepdim, Tensor values, Tensor indices) {
        extremumWithIndices(self, dim, values, indices, true);
    }

    @Override
    public void meta_min_dim(StructuredMeta op, Tensor self, long dim, boolean keepdim) {
        metaWithIndices(op, self, dim, keepdim, "min()");
    }

    @Override
    public void min_out(StructuredMeta op, Tensor self, long dim, boolean keepdim, Tensor values, Tensor indices) {
        extremumWithIndices(self, dim, values, indices, false);
    }

    /** TORCH_PRECOMPUTE_META_FUNC2(max, dim): the dim wrapped, zero_numel_check_dims, resize_reduction_with_indices. */
    private static void metaWithIndices(StructuredMeta op, Tensor self, long dim, boolean keepdim, String name) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        zeroNumelCheckDim(self, d, name);
        long[] shape = reducedShape(self, new long[] {d}, keepdim);
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), shape, self);
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(1), shape, self);
        op.setOutputRawStrided(0, shape, null, self.dtype(), self.device());
        op.setOutputRawStrided(1, shape, null, ScalarType.Int64, self.device());
    }

    private static void extremumWithIndices(Tensor self, long dim, Tensor values, Tensor indices, boolean max) {
        if (self.numel() == 0) {
            return;
        }
        DimGroups g = DimGroups.along(self, self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim()));
        long[] vOut = values.elementOffsets();
        long[] iOut = indices.elementOffsets();
        Storage vs = values.storage();
        Storage is = indices.storage();
        boolean floating = self.dtype().isFloatingPoint();
        int step = (int) g.step();
        ScalarType dtype = self.dtype();
        for (int i = 0; i < g.groups; i++) {
            int best = dtype == ScalarType.Float32 && step > 0
                    ? FloatGroupScans.best(self.storage().floats(), (int) g.base(i), step, g.size, max)
                    : dtype == ScalarType.Float64 && step > 0
                    ? DoubleGroupScans.best(self.storage().doubles(), (int) g.base(i), step, g.size, max)
                    : floating ? bestDouble(g, i, max) : bestLong(g, i, max);
            if (floating) {
                vs.setDouble(vOut[i], g.getDouble(i, best));
            } else {
                vs.setLong(vOut[i], g.getLong(i, best));
            }
            is.setLong(iOut[i], best);
        }
    }

    /** The index of group i's maximum (or minimum): the first NaN, else the first of the extreme values. */
    static int bestDouble(DimGroups g, int i, boolean max) {
        int best = 0;
        double b = g.getDouble(i, 0);
        if (Double.isNaN(b)) {
            return 0;
        }
        for (int k = 1; k < g.size; k++) {
            double v = g.getDouble(i, k);
            if (Double.isNaN(v)) {
                return k;
            }
            if (max ? v > b : v < b) {
                b = v;
                best = k;
            }
        }
        return best;
    }

    static int bestLong(DimGroups g, int i, boolean max) {
        int best = 0;
        long b = g.getLong(i, 0);
        for (int k = 1; k < g.size; k++) {
            long v = g.getLong(i, k);
            if (max ? v > b : v < b) {
                b = v;
                best = k;
            }
        }
        return best;
    }

    // ---------------------------------------------------------------------------------------- argmin

    /** TORCH_META_FUNC(argmin): argmax's meta (ATen's argmax_argmin_meta). */
    @Override
    public void meta_argmin(StructuredMeta op, Tensor self, Long dim, boolean keepdim) {
        if (dim != null) {
            zeroNumelCheckDim(self, TensorGeometry.wrapDim(dim, self.dim()), "argmin()"); // wrapped, as argmax's
        } else if (self.numel() == 0) {
            throw new IndexOutOfBoundsException("argmin(): Expected reduction dim to be specified for input.numel() == 0.");
        }
        long[] shape = reducedShape(self, dim == null ? ALL_DIMS : new long[] {dim}, keepdim);
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), shape, self);
        op.setOutputRawStrided(0, shape, null, ScalarType.Int64, self.device());
        // ATen's CPU kernel has no bool version; it fails after out= has been resized, so check here
        boolean size1 = dim != null && self.dim() > 0 && self.size(TensorGeometry.wrapDim(dim, self.dim())) == 1;
        if (self.device().type() == DeviceType.CPU && self.dtype() == ScalarType.Bool && !size1 && self.numel() != 0) {
            throw new IllegalArgumentException("\"argmin_cpu\" not implemented for 'Bool'");
        }
    }

    @Override
    public void argmin_out(StructuredMeta op, Tensor self, Long dim, boolean keepdim, Tensor out) {
        if (self.numel() == 0) {
            return;
        }
        DimGroups g = dim == null || self.dim() == 0 ? DimGroups.of(self, allTrue(self.dim()))
                : DimGroups.along(self, TensorGeometry.wrapDim(dim, self.dim()));
        long[] o = out.elementOffsets();
        boolean floating = self.dtype().isFloatingPoint();
        for (int i = 0; i < g.groups; i++) {
            out.storage().setLong(o[i], floating ? bestDouble(g, i, false) : bestLong(g, i, false));
        }
    }

    // -------------------------------------------------------------------------- maximum, minimum

    @Override
    public void meta_maximum(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void maximum_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.maximum(op, op.commonDtype());
    }

    @Override
    public void meta_minimum(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void minimum_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.minimum(op, op.commonDtype());
    }

    // ------------------------------------------------------------------------------ fmax, fmin

    @Override
    public void meta_fmax(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void fmax_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.fmax(op, op.commonDtype());
    }

    @Override
    public void meta_fmin(TensorIterator op, Tensor self, Tensor other) {
        op.buildBinaryOp(op.maybeGetOutput(0), self, other);
    }

    @Override
    public void fmin_out(TensorIterator op, Tensor self, Tensor other, Tensor out) {
        UfuncKernels.fmin(op, op.commonDtype());
    }

    // -------------------------------------------------------------------------------------- helpers

    static boolean[] allTrue(int n) {
        boolean[] m = new boolean[n];
        java.util.Arrays.fill(m, true);
        return m;
    }

    /** ATen's resize_reduction's shape: range errors of the dims first, then repeated dims. */
    static long[] reducedShape(TensorImpl self, long[] dim, boolean keepdim) {
        int ndim = self.dim();
        long[] dims = ReduceDims.dimVector(dim, ndim);
        for (long d : dims) {
            TensorGeometry.wrapDim(d, ndim);
        }
        return ReduceDims.reducedShape(self.sizes(), ReduceDims.mask(dims, ndim), keepdim);
    }

    /** ATen's zero_numel_check_dims for one dim; the message shows the dim as given. */
    static void zeroNumelCheckDim(TensorImpl self, long dim, String name) {
        if (self.dim() == 0) {
            if (dim != 0 && dim != -1) {
                throw new IndexOutOfBoundsException(name + ": Expected reduction dim -1 or 0 for scalar but got " + dim);
            }
        } else if (self.size(TensorGeometry.wrapDim(dim, self.dim())) == 0) {
            throw new IndexOutOfBoundsException(name + ": Expected reduction dim " + dim + " to have non-zero size.");
        }
    }
}
