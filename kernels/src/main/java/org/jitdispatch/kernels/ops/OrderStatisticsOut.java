package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.ScalarType;

/**
 * The out= overloads of the order statistics along a dim (kthvalue.values, median.dim_values,
 * nanmedian.dim_values, mode.values): each checks its two outputs as its ATen kernel does, with that kernel's
 * messages (they differ from one kernel to the next), computes the functional result and copies it into values
 * and indices. An output of the result's sizes keeps its strides; another is resized to them (with PyTorch's
 * warning when it had elements).
 *
 * <p>Every check runs before the first write, so a failing call leaves both outputs untouched; ATen's kthvalue
 * resizes values before it checks the dtype of indices, and its median and kthvalue refuse a bool self only
 * after resizing both.
 */
public final class OrderStatisticsOut implements OrderStatisticsOutDeclarations {

    @Override
    public Tensor[] kthvalue_out_cpu(Tensor self, long k, long dim, boolean keepdim, Tensor values, Tensor indices) {
        if (self.dtype() != values.dtype() || !self.device().equals(values.device())) {
            throw new IllegalArgumentException("output values must be of same type as input");
        }
        if (indices.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("output indices must be of scalar type Long");
        }
        assertNoOverlap(self, values, indices);
        return into(Torch.kthvalue(self, k, dim, keepdim), values, indices);
    }

    @Override
    public Tensor[] median_out_cpu(Tensor self, long dim, boolean keepdim, Tensor values, Tensor indices) {
        checkMedianOutputs(self, values, indices);
        return into(Torch.median(self, dim, keepdim), values, indices);
    }

    @Override
    public Tensor[] nanmedian_out_cpu(Tensor self, long dim, boolean keepdim, Tensor values, Tensor indices) {
        checkMedianOutputs(self, values, indices);
        return into(Torch.nanmedian(self, dim, keepdim), values, indices);
    }

    @Override
    public Tensor[] mode_out(Tensor self, long dim, boolean keepdim, Tensor values, Tensor indices) {
        checkScalarType(values, self.dtype(), "values");
        checkScalarType(indices, ScalarType.Int64, "indices");
        assertNoOverlap(self, values, indices);
        return into(Torch.mode(self, dim, keepdim), values, indices);
    }

    /** median_with_indices_impl's checkScalarType and checkSameType (nanmedian shares it, and its "median"). */
    private static void checkMedianOutputs(Tensor self, Tensor values, Tensor indices) {
        if (indices.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("Expected tensor for argument #1 'indices' to have scalar type Long; but got "
                    + legacyName(indices.dtype()) + " instead (while checking arguments for median)");
        }
        if (values.dtype() != self.dtype()) {
            throw new IllegalArgumentException("Expected tensor for 'values' to have the same type as tensor for argument"
                    + " #2 'self'; but type " + legacyName(values.dtype()) + " does not equal "
                    + legacyName(self.dtype()) + " (while checking arguments for median)");
        }
        if (self.dtype() == ScalarType.Bool) {
            // ATen dispatches on the dtype only after resizing both outputs: refused here, before
            throw Elementwise.notImplemented("median_out", self.dtype());
        }
        assertNoOverlap(self, values, indices);
    }

    private static void checkScalarType(Tensor out, ScalarType expected, String name) {
        if (out.dtype() != expected) {
            throw new IllegalArgumentException("expected scalar type '" + expected.c10Name() + "' but got '"
                    + out.dtype().c10Name() + "' for " + name + " output");
        }
    }

    /** The legacy tensor type a CPU tensor's dtype names in TensorArg checks ("torch.FloatTensor"). */
    private static String legacyName(ScalarType dtype) {
        return "torch." + dtype.c10Name() + "Tensor";
    }

    /** Neither output may share memory with self (ATen's assert_no_overlap, or its TensorIterator's check). */
    private static void assertNoOverlap(Tensor self, Tensor values, Tensor indices) {
        MemOverlap.Region read = MemOverlap.Region.of(self);
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(values), read);
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(indices), read);
    }

    private static Tensor[] into(Tensor[] result, Tensor values, Tensor indices) {
        ResultIntoOut.copy(result[0], values);
        ResultIntoOut.copy(result[1], indices);
        return new Tensor[] {values, indices};
    }
}
