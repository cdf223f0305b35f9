package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * index_copy (structured, with its in-place and out= variants): {@code out = self}, then slice {@code index[i]}
 * of out along dim is set to source's slice i, as PyTorch 1.13's index_copy meta and kernel, with their checks
 * in their order. Every index is checked in the meta, before anything is written.
 */
public final class IndexCopy implements IndexCopyDeclarations {

    @Override
    public void meta_index_copy(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source) {
        int d = TensorGeometry.wrapDim(dim, Math.max(self.dim(), 1));
        if (index.dim() >= 2) {
            throw new IndexOutOfBoundsException("index_copy_(): Index should have dimension 1 or 0 (got " + index.dim() + ")");
        }
        long numIndices = index.numel();
        if (source.dim() == 0 && numIndices != 1) {
            throw new IndexOutOfBoundsException("index_copy_(): When source is scalar, index should have one element (got "
                    + numIndices + ")");
        } else if (source.dim() != self.dim() && source.dim() != 0 && self.dim() != 0) {
            throw new IndexOutOfBoundsException("index_copy_(): When source and destination are not scalars, their"
                    + " dimensionality must match. Source dimensionality (" + source.dim() + "), destination"
                    + " dimensionality (" + self.dim() + ")");
        }
        if (index.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("index_copy_(): Expected a long tensor for index, but got "
                    + index.dtype().c10Name());
        }
        if (self.dtype() != source.dtype()) {
            throw new IllegalArgumentException("index_copy_(): self and source expected to have the same dtype, but got"
                    + " (self) " + self.dtype().c10Name() + " and (source) " + source.dtype().c10Name());
        }
        long[] selfSliced = dropDim(self.sizes(), d);
        long[] sourceSliced = dropDim(source.sizes(), d);
        if (!Arrays.equals(selfSliced, sourceSliced)) {
            throw new IllegalArgumentException("index_copy_(): Source/destination tensor must have same slice shapes."
                    + " Destination slice shape: " + spaced(selfSliced) + " at dimension " + d
                    + " and source slice shape: " + spaced(sourceSliced) + " at dimension 0.");
        }
        if (!(source.dim() == 0 || numIndices == source.size(d))) {
            throw new IndexOutOfBoundsException("index_copy_(): Number of indices (" + numIndices + ") should be equal to"
                    + " source.size(dim) (" + source.size(d) + ")");
        }
        if (!index.isMeta() && !self.isMeta()) {
            long size = self.dim() == 0 ? 1 : self.size(d);
            for (long i : index.toLongArray()) {
                if (i < 0 || i >= size) {
                    throw new IndexOutOfBoundsException("index_copy_(): index " + i + " is out of bounds for dimension "
                            + d + " with size " + size);
                }
            }
        }
        TensorImpl result = op.maybeGetOutput(0);
        if (result != null && result != self) {
            MemOverlap.assertResizedOutOverlapsNoInput(result, self.sizes(), self, index, source);
        }
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    @Override
    public void index_copy_out(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source, Tensor out) {
        if (out != self) {
            out.copy_(self);
        }
        if (index.numel() == 0 || out.numel() == 0) {
            return;
        }
        int d = TensorGeometry.wrapDim(dim, Math.max(self.dim(), 1));
        long[] indices = index.toLongArray();
        Storage to = out.storage();
        Storage from = source.storage();
        for (int i = 0; i < indices.length; i++) {
            Tensor outSlice = out.dim() == 0 ? out : out.select(d, indices[i]);
            Tensor sourceSlice = source.dim() == 0 ? source : source.select(d, i);
            long[] outAt = ShapeOps.offsets(outSlice);
            long[] sourceAt = ShapeOps.offsets(sourceSlice);
            for (int k = 0; k < outAt.length; k++) {
                MaskedSelect.copyElement(from, sourceAt[k], to, outAt[k], out.dtype());
            }
        }
    }

    /** Sizes as ATen streams a std::vector into a message: {@code 2 4}. */
    private static String spaced(long[] sizes) {
        StringBuilder sb = new StringBuilder();
        for (long s : sizes) {
            sb.append(sb.length() == 0 ? "" : " ").append(s);
        }
        return sb.toString();
    }

    /** The sizes without dim {@code d} (none for a 0-dim tensor). */
    static long[] dropDim(long[] sizes, int d) {
        if (sizes.length == 0) {
            return sizes;
        }
        long[] out = new long[sizes.length - 1];
        for (int i = 0, j = 0; i < sizes.length; i++) {
            if (i != d) {
                out[j++] = sizes[i];
            }
        }
        return out;
    }
}
