package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * masked_select and its gradient, as PyTorch 1.13's TensorAdvancedIndexing.cpp: self and mask broadcast
 * together (mask first, as {@code expand_outplace(mask, self)}), and the elements of self where the mask is set
 * are read in row-major order into a 1-D result. The result's size depends on the mask's values, so there is no
 * meta kernel (as in PyTorch).
 */
public final class MaskedSelect implements MaskedSelectDeclarations {

    @Override
    public Tensor masked_select(Tensor self, Tensor mask) {
        checkMask(mask);
        return select(self, mask);
    }

    @Override
    public Tensor masked_select_out(Tensor self, Tensor mask, Tensor out) {
        checkMask(mask);
        if (self.dtype() != out.dtype()) {
            throw new IllegalArgumentException("masked_select(): self and result must have the same scalar type");
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(out));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(self));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(mask));
        Tensor result = select(self, mask);
        return ResultIntoOut.copy(result, out);
    }

    /**
     * masked_select_backward: zeros of the broadcast shape of input and mask, with grad's values where the mask is
     * set, in row-major order (PyTorch's {@code zeros_like(input.expand(...)).masked_scatter_(mask, grad)}). The
     * autograd engine sums it back to input's size.
     */
    @Override
    public Tensor masked_select_backward(Tensor grad, Tensor input, Tensor mask) {
        checkMask(mask);
        long[] shape = Broadcast.inferSize(input.sizes(), mask.sizes());
        Tensor result = Tensor.FACTORY.empty(shape, grad.dtype(), grad.device());
        Tensor m = mask.expand(shape);
        long[] maskAt = ShapeOps.offsets(m);
        long[] gradAt = ShapeOps.offsets(grad);
        Storage ms = m.storage();
        Storage gs = grad.storage();
        Storage out = result.storage();
        int k = 0;
        for (int i = 0; i < maskAt.length; i++) {
            if (ms.getBoolean(maskAt[i])) {
                if (k == gradAt.length) {
                    throw new IllegalArgumentException("masked_scatter: expected source to have at least as many elements"
                            + " as ones in mask");
                }
                copyElement(gs, gradAt[k++], out, i, grad.dtype());
            }
        }
        return result;
    }

    // ------------------------------------------------------------------------------ masked_scatter

    /**
     * masked_scatter_: where the mask (broadcast to self's shape) is set, self takes source's elements in row-major
     * order. Checked before anything is written: mask dtype, dtypes, and that source has enough elements.
     */
    @Override
    public Tensor masked_scatter_(Tensor self, Tensor mask, Tensor source) {
        if (mask.dtype() != ScalarType.Bool && mask.dtype() != ScalarType.UInt8) {
            throw new IllegalArgumentException("masked_scatter_ only supports boolean masks, but got mask with dtype "
                    + mask.dtype().c10Name());
        }
        if (self.dtype() != source.dtype()) {
            throw new IllegalArgumentException("masked_scatter: expected self and source to have same dtypes but got"
                    + self.dtype().c10Name() + " and " + source.dtype().c10Name());
        }
        Tensor m = mask.expand(self.sizes());
        long[] maskAt = ShapeOps.offsets(m);
        long[] selfAt = ShapeOps.offsets(self);
        long[] sourceAt = ShapeOps.offsets(source);
        Storage ms = m.storage();
        long ones = 0;
        for (long at : maskAt) {
            if (ms.getBoolean(at)) {
                ones++;
            }
        }
        if (sourceAt.length < ones) {
            throw new IllegalArgumentException("Number of elements of source < number of ones in mask");
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(self));
        Storage to = self.storage();
        Storage from = source.storage();
        int k = 0;
        for (int i = 0; i < maskAt.length; i++) {
            if (ms.getBoolean(maskAt[i])) {
                copyElement(from, sourceAt[k++], to, selfAt[i], self.dtype());
            }
        }
        return self;
    }

    /** masked_scatter: self and mask broadcast together, cloned, then scattered in place (ATen's composite). */
    @Override
    public Tensor masked_scatter(Tensor self, Tensor mask, Tensor source) {
        long[] shape = Broadcast.inferSize(self.sizes(), mask.sizes());
        try (var noGrad = org.jitdispatch.autograd.NoGrad.enter()) {
            return self.expand(shape).clone(org.jitdispatch.runtime.MemoryFormat.Contiguous).masked_scatter_(mask, source);
        }
    }

    private static void checkMask(Tensor mask) {
        if (mask.dtype() != ScalarType.Bool && mask.dtype() != ScalarType.UInt8) {
            throw new IllegalArgumentException("masked_select: expected BoolTensor or ByteTensor for mask");
        }
        if (mask.dtype() == ScalarType.UInt8) {
            Warnings.warn("masked_select received a mask with dtype torch.uint8, this behavior is now deprecated,"
                    + "please use a mask with dtype torch.bool instead.");
        }
    }

    private static Tensor select(Tensor self, Tensor mask) {
        long[] shape = Broadcast.inferSize(mask.sizes(), self.sizes());
        long[] selfAt = ShapeOps.offsets(self.expand(shape));
        long[] maskAt = ShapeOps.offsets(mask.expand(shape));
        Storage ms = mask.storage();
        int count = 0;
        for (long at : maskAt) {
            if (ms.getBoolean(at)) {
                count++;
            }
        }
        Tensor result = Tensor.FACTORY.empty(new long[] {count}, self.dtype(), self.device());
        Storage in = self.storage();
        Storage out = result.storage();
        int k = 0;
        for (int i = 0; i < maskAt.length; i++) {
            if (ms.getBoolean(maskAt[i])) {
                copyElement(in, selfAt[i], out, k++, self.dtype());
            }
        }
        return result;
    }

    /** One element between storages of one dtype, bit for bit (float16 and bfloat16 as their bits). */
    static void copyElement(Storage from, long at, Storage to, long into, ScalarType dtype) {
        if (dtype.isFloatingPoint() && !dtype.isReducedFloatingPoint()) {
            to.setDouble(into, from.getDouble(at));
        } else if (dtype.isReducedFloatingPoint()) {
            to.shorts()[(int) into] = from.shorts()[(int) at];
        } else {
            to.setLong(into, from.getLong(at));
        }
    }
}
