package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;

/**
 * take and put_: self read or written as if it were 1-D, at int64 indices that may be negative (counted from
 * the end), as PyTorch 1.13's TensorAdvancedIndexing.cpp. Every index is checked before anything is written,
 * so a failing call leaves its tensors as they were.
 */
public final class Take implements TakeDeclarations {

    @Override
    public Tensor take(Tensor self, Tensor index) {
        checkIndex(index, "take");
        Tensor result = Tensor.FACTORY.empty(index.sizes(), self.dtype(), self.device());
        gather(self, index, result);
        return result;
    }

    @Override
    public Tensor take_out(Tensor self, Tensor index, Tensor out) {
        checkIndex(index, "take");
        if (self.dtype() != out.dtype()) {
            throw new IllegalArgumentException("take(): self and out expected to have the same dtype, but got self.dtype = "
                    + self.dtype().c10Name() + " and out.dtype = " + out.dtype().c10Name());
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(out));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(index));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(self));
        Tensor result = Tensor.FACTORY.empty(index.sizes(), self.dtype(), self.device());
        gather(self, index, result);
        return ResultIntoOut.copy(result, out);
    }

    @Override
    public Tensor put_(Tensor self, Tensor index, Tensor source, boolean accumulate) {
        checkIndex(index, "put_");
        if (self.dtype() != source.dtype()) {
            throw new IllegalArgumentException("put_(): self and source expected to have the same dtype, but got"
                    + " self.dtype = " + self.dtype().c10Name() + " and source.dtype = " + source.dtype().c10Name());
        }
        if (source.numel() != index.numel()) {
            throw new IndexOutOfBoundsException("put_(): Expected source and index to have the same number of elements,"
                    + " but got source.numel() = " + source.numel() + ", index.numel() = " + index.numel());
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(self));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(self), MemOverlap.Region.of(index));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(self), MemOverlap.Region.of(source));
        if (index.numel() == 0) {
            return self;
        }
        long[] targets = flatOffsets(self, index);
        long[] from = ShapeOps.offsets(source);
        Storage to = self.storage();
        Storage src = source.storage();
        ScalarType dtype = self.dtype();
        for (int i = 0; i < targets.length; i++) {
            if (!accumulate) {
                MaskedSelect.copyElement(src, from[i], to, targets[i], dtype);
            } else if (dtype == ScalarType.Bool) {
                to.setLong(targets[i], to.getLong(targets[i]) | src.getLong(from[i]));
            } else if (dtype.isFloatingPoint()) {
                to.setDouble(targets[i], add(to.getDouble(targets[i]), src.getDouble(from[i]), dtype));
            } else {
                to.setLong(targets[i], to.getLong(targets[i]) + src.getLong(from[i]));
            }
        }
        return self;
    }

    @Override
    public Tensor put(Tensor self, Tensor index, Tensor source, boolean accumulate) {
        return TensorFactories.fresh(self.clone().put_(index, source, accumulate));
    }

    private static void checkIndex(Tensor index, String op) {
        if (index.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException(op + "(): Expected a long tensor for index, but got "
                    + index.dtype().c10Name());
        }
    }

    private static void gather(Tensor self, Tensor index, Tensor result) {
        if (index.numel() == 0) {
            return;
        }
        long[] from = flatOffsets(self, index);
        Storage in = self.storage();
        Storage out = result.storage();
        for (int i = 0; i < from.length; i++) {
            MaskedSelect.copyElement(in, from[i], out, i, self.dtype());
        }
    }

    /** The storage offset in self of each index (row-major order of index), every index checked first. */
    private static long[] flatOffsets(Tensor self, Tensor index) {
        long numel = self.numel();
        if (numel == 0) {
            throw new IndexOutOfBoundsException("take(): tried to take from an empty tensor");
        }
        long[] selfAt = ShapeOps.offsets(self);
        long[] indices = index.toLongArray();
        long[] offsets = new long[indices.length];
        for (int i = 0; i < indices.length; i++) {
            long k = indices[i];
            if (k < -numel || k >= numel) {
                throw new IndexOutOfBoundsException("out of range: tried to access index " + k + " on a tensor of "
                        + numel + " elements.");
            }
            offsets[i] = selfAt[(int) (k < 0 ? k + numel : k)];
        }
        return offsets;
    }

    /** {@code a + b} in the dtype's arithmetic: float32 (and the reduced types) in float, float64 in double. */
    static double add(double a, double b, ScalarType dtype) {
        return dtype == ScalarType.Float64 ? a + b : (double) ((float) a + (float) b);
    }
}
