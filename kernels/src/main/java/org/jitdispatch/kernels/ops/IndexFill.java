package org.jitdispatch.kernels.ops;

import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * index_fill: the slices of self along dim at the given indices (negative ones counted from the end) set to one
 * value, as PyTorch 1.13's TensorAdvancedIndexing.cpp. Every index is checked before anything is written.
 */
public final class IndexFill implements IndexFillDeclarations {

    @Override
    public Tensor index_fill_(Tensor self, long dim, Tensor index, Scalar value) {
        if (index.dtype() != ScalarType.Int64) {
            throw new IndexOutOfBoundsException("index_fill_(): Expected dtype int64 for index.");
        }
        if (index.dim() > 1) {
            throw new IllegalArgumentException("Index has to be a vector/scalar");
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(self));
        int d = TensorGeometry.wrapDim(dim, Math.max(self.dim(), 1));
        long size = self.dim() == 0 ? 1 : self.size(d);
        long[] indices = index.toLongArray();
        for (long i : indices) {
            if (i < -size || i >= size) {
                throw new IndexOutOfBoundsException("index " + i + " is out of bounds for dimension " + d + " with size "
                        + size);
            }
        }
        ScalarConversions.check(value, self.dtype()); // value.to<scalar_t>(): bool takes any value
        Storage s = self.storage();
        for (long i : indices) {
            Tensor slice = self.dim() == 0 ? self : self.select(d, i < 0 ? i + size : i);
            for (long at : ShapeOps.offsets(slice)) {
                if (value.isFloatingPoint()) {
                    s.setDouble(at, value.toDouble());
                } else {
                    s.setLong(at, value.toLong());
                }
            }
        }
        return self;
    }

    @Override
    public Tensor index_fill_(Tensor self, long dim, Tensor index, Tensor value) {
        if (value.dim() != 0) {
            throw new IllegalArgumentException("index_fill_ only supports a 0-dimensional value tensor, but got tensor"
                    + " with " + value.dim() + " dimension(s).");
        }
        return index_fill_(self, dim, index, value.item());
    }

    @Override
    public Tensor index_fill(Tensor self, long dim, Tensor index, Scalar value) {
        try (var noGrad = NoGrad.enter()) {
            return self.clone(MemoryFormat.Preserve).index_fill_(dim, index, value);
        }
    }

    @Override
    public Tensor index_fill(Tensor self, long dim, Tensor index, Tensor value) {
        try (var noGrad = NoGrad.enter()) {
            return self.clone(MemoryFormat.Preserve).index_fill_(dim, index, value);
        }
    }
}
