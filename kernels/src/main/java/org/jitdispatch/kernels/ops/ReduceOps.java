package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.reduce.ReduceDims;
import org.jitdispatch.kernels.reduce.Reduction;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Reductions: sum, mean, amax, amin and argmax (ATen's ReduceOps.cpp). The structured metas are
 * PyTorch 1.13's TORCH_META_FUNCs, with their checks in their order and their messages; the CPU impls
 * run {@link Reduction}'s loops.
 *
 * <p>One liberty: where PyTorch's CPU impl fails only after the out= tensor has been resized or written
 * (mean into an integral out, argmax of a bool tensor), the meta checks it instead, so that a failing
 * call leaves every tensor untouched. Likewise an out= that must be resized and is self (or overlaps it)
 * is refused with ATen's overlap error, where PyTorch resizes it and then reduces the resized self. Those
 * checks apply to CPU tensors only; on meta tensors the meta succeeds, as PyTorch's Meta kernels do.
 */
public final class ReduceOps implements ReduceOpsDeclarations {
    private static final long[] ALL_DIMS = new long[0];

    // ------------------------------------------------------------------------------------------ sum

    /** {@code sum(self, dtype)}: {@code sum(self, dim=[], keepdim=False, dtype)}, through the dispatcher. */
    @Override
    public Tensor sum(Tensor self, ScalarType dtype) {
        return Torch.sum(self, ALL_DIMS, false, dtype);
    }

    /**
     * {@code sum.out}: the kernel torchgen generates for {@code autogen: sum.out}: the functional sum,
     * then out resized to its shape (warning if out had elements) and the value copied in, converted
     * to out's dtype.
     */
    @Override
    public Tensor sum_out(Tensor self, ScalarType dtype, Tensor out) {
        Tensor result = Torch.sum(self, dtype);
        StructuredMeta resize = StructuredMeta.out(Tensor.FACTORY, out);
        // result's device: a meta self cannot fill a CPU out, and the device check runs before out is resized
        resize.setOutputRawStrided(0, result.sizes(), null, out.dtype(), result.device());
        resize.commit();
        StridedCopy.copy(result, out);
        out.versionCounter().bump(); // a composite kernel that writes out's data itself
        return out;
    }

    @Override
    public void meta_sum_dim_IntList(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        ScalarType outDtype = inferDtypeFromOptional(self, dtype, op.maybeGetOutput(0));
        resizeReduction(op, self, dim, keepdim, outDtype);
    }

    @Override
    public void sum_out(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, ScalarType dtype, Tensor out) {
        Reduction.sum(self, mask(self, dim), out);
    }

    // ----------------------------------------------------------------------------------------- mean

    @Override
    public Tensor mean(Tensor self, ScalarType dtype) {
        return Torch.mean(self, ALL_DIMS, false, dtype);
    }

    @Override
    public void meta_mean_dim(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        ScalarType inDtype = dtypeFromSelf(self, dtype, true);
        if (!inDtype.isFloatingPoint()) {
            throw new IllegalArgumentException("mean(): could not infer output dtype. "
                    + (dtype != null ? "Optional" : "Input") + " dtype must be either a floating point or complex dtype. "
                    + "Got: " + (dtype != null ? dtype : self.dtype()).c10Name());
        }
        ScalarType outDtype = inferDtypeFromOptional(self, dtype, op.maybeGetOutput(0));
        resizeReduction(op, self, dim, keepdim, outDtype);
        // ATen's CPU impl sums into out and then divides it in place, which fails for an integral out
        // (only possible with out= and no dtype): checked here, before out is touched.
        if (onCpu(self) && !outDtype.isFloatingPoint()) {
            throw new IllegalArgumentException("result type Float can't be cast to the desired output type "
                    + outDtype.c10Name());
        }
    }

    @Override
    public void mean_out(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, ScalarType dtype, Tensor out) {
        long count = 1;
        if (dim == null || dim.length == 0 || self.dim() == 0) {
            count = self.numel();
        } else {
            for (long d : dim) {
                count *= self.size(TensorGeometry.wrapDim(d, self.dim()));
            }
        }
        Reduction.mean(self, mask(self, dim), out, count);
    }

    // ---------------------------------------------------------------------------------- amax, amin

    @Override
    public void meta_amax(StructuredMeta op, Tensor self, long[] dim, boolean keepdim) {
        metaMinMax(op, self, dim, keepdim, "amax()");
    }

    @Override
    public void amax_out(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, Tensor out) {
        if (self.numel() != 0) {
            Reduction.max(self, mask(self, dim), out);
        }
    }

    @Override
    public void meta_amin(StructuredMeta op, Tensor self, long[] dim, boolean keepdim) {
        metaMinMax(op, self, dim, keepdim, "amin()");
    }

    @Override
    public void amin_out(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, Tensor out) {
        if (self.numel() != 0) {
            Reduction.min(self, mask(self, dim), out);
        }
    }

    private static void metaMinMax(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, String name) {
        TensorImpl result = op.maybeGetOutput(0);
        if (result != null && result.dtype() != self.dtype()) {
            throw new IllegalArgumentException("Expected the dtype for input and out to match, but got "
                    + self.dtype().c10Name() + " for input's dtype and " + result.dtype().c10Name() + " for out's dtype.");
        }
        if (self.numel() == 0) {
            zeroNumelCheckDims(self, dim, name);
        }
        resizeReduction(op, self, dim, keepdim, result != null ? result.dtype() : self.dtype());
    }

    // --------------------------------------------------------------------------------------- argmax

    @Override
    public void meta_argmax(StructuredMeta op, Tensor self, Long dim, boolean keepdim) {
        if (dim != null) {
            zeroNumelCheckDim(self, TensorGeometry.wrapDim(dim, self.dim()), "argmax()");
        } else if (self.numel() == 0) {
            throw new IndexOutOfBoundsException("argmax(): Expected reduction dim to be specified for input.numel() == 0.");
        }
        resizeReduction(op, self, dim == null ? ALL_DIMS : new long[] {dim}, keepdim, ScalarType.Int64);
        // ATen's CPU kernel has no bool version; it fails after out= has been resized, so check here
        if (onCpu(self) && self.dtype() == ScalarType.Bool && argmaxSize1Dim(self, dim) < 0 && self.numel() != 0) {
            throw new IllegalArgumentException("\"argmax_cpu\" not implemented for 'Bool'");
        }
    }

    @Override
    public void argmax_out(StructuredMeta op, Tensor self, Long dim, boolean keepdim, Tensor out) {
        if (dim != null && argmaxSize1Dim(self, dim) >= 0) {
            Reduction.fillZeros(out); // ATen: a reduced dim of size 1 has index 0 everywhere (result.fill_(0))
            return;
        }
        if (self.numel() != 0) {
            // dim -1: over all elements, as for dim=None (a 0-dim tensor has one)
            Reduction.argmax(self, dim == null || self.dim() == 0 ? -1 : TensorGeometry.wrapDim(dim, self.dim()), out);
        }
    }

    /**
     * The wrapped dim when argmax reduces a dim of size 1, which ATen answers without its kernel, else -1.
     * A 0-dim tensor goes through the kernel (so a bool one fails, as in PyTorch).
     */
    private static int argmaxSize1Dim(Tensor self, Long dim) {
        if (dim == null || self.dim() == 0) {
            return -1;
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        return self.size(d) == 1 ? d : -1;
    }

    // -------------------------------------------------------------------------------------- helpers

    private static boolean onCpu(TensorImpl t) {
        return t.device().type() == DeviceType.CPU;
    }

    private static boolean[] mask(Tensor self, long[] dim) {
        return ReduceDims.mask(ReduceDims.dimVector(dim, self.dim()), self.dim());
    }

    /** ATen's resize_reduction: the reduced shape, as a raw-strided output of {@code dtype} on self's device. */
    private static void resizeReduction(StructuredMeta op, Tensor self, long[] dim, boolean keepdim, ScalarType dtype) {
        int ndim = self.dim();
        long[] dims = ReduceDims.dimVector(dim, ndim);
        for (long d : dims) {
            TensorGeometry.wrapDim(d, ndim); // maybe_wrap_dims: range errors before repeated-dim errors
        }
        long[] shape = ReduceDims.reducedShape(self.sizes(), ReduceDims.mask(dims, ndim), keepdim);
        // PyTorch resizes an out= that is self, then reduces the resized self or fails on its dims
        MemOverlap.assertResizedOutOverlapsNoInput(op.maybeGetOutput(0), shape, self);
        op.setOutputRawStrided(0, shape, null, dtype, self.device());
    }

    /** ATen's get_dtype_from_self: the given dtype, else self's, with integral and bool promoted to int64. */
    private static ScalarType dtypeFromSelf(Tensor self, ScalarType dtype, boolean promoteIntegers) {
        if (dtype != null) {
            return dtype;
        }
        ScalarType src = self.dtype();
        return promoteIntegers && src.isIntegral(true) ? ScalarType.Int64 : src;
    }

    /** ATen's infer_dtype_from_optional: the given dtype, else out's dtype for out=, else dtypeFromSelf. */
    private static ScalarType inferDtypeFromOptional(Tensor self, ScalarType dtype, TensorImpl result) {
        if (result != null) {
            return dtype != null ? dtype : result.dtype();
        }
        return dtypeFromSelf(self, dtype, true);
    }

    /** ATen's zero_numel_check_dims for a list of dims (an empty tensor has no identity for max/min). */
    private static void zeroNumelCheckDims(Tensor self, long[] dim, String name) {
        if (dim.length == 0) {
            throw new IllegalArgumentException(name + ": Expected reduction dim to be specified for input.numel() == 0. "
                    + "Specify the reduction dim with the 'dim' argument.");
        }
        for (long d : dim) {
            zeroNumelCheckDim(self, d, name);
        }
    }

    /** ATen's zero_numel_check_dims for one dim; the message shows the dim as given. */
    private static void zeroNumelCheckDim(Tensor self, long dim, String name) {
        if (self.dim() == 0) {
            if (dim != 0 && dim != -1) {
                throw new IndexOutOfBoundsException(name + ": Expected reduction dim -1 or 0 for scalar but got " + dim);
            }
        } else if (self.size(TensorGeometry.wrapDim(dim, self.dim())) == 0) {
            throw new IndexOutOfBoundsException(name + ": Expected reduction dim " + dim + " to have non-zero size.");
        }
    }
}
