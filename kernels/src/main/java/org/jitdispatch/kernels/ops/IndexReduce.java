package org.jitdispatch.kernels.ops;

import java.util.concurrent.atomic.AtomicBoolean;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * index_reduce (structured, with its in-place and out= variants): {@code out = self}, then slice i of source
 * along dim is reduced ('prod', 'mean', 'amax', 'amin') into slice {@code index[i]} of out, as PyTorch 1.13's
 * index_reduce_func_impl. Without include_self the indexed slices start from the reduction's identity; a mean
 * divides by how many values met each element (floor division for integers).
 */
public final class IndexReduce implements IndexReduceDeclarations {
    /** 1.13's TORCH_WARN_ONCE: index_reduce announces its beta status once per process. */
    private static final AtomicBoolean BETA_WARNED = new AtomicBoolean();

    @Override
    public void meta_index_reduce(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source, String reduce,
            boolean includeSelf) {
        ScatterReduction r = ScatterReduction.ofIndexReduce(reduce);
        IndexAdd.indexFuncMeta(op, self, dim, index, source, "index_reduce");
        if (self.dtype() == ScalarType.Bool && (!includeSelf || r == ScatterReduction.MEAN)) {
            // ATen's identity fill and its floor division have no bool instance; raised before anything is written
            throw new IllegalArgumentException("\"" + (includeSelf ? "div_floor_cpu" : "index_reduce_func_exclude_input_init")
                    + "\" not implemented for 'Bool'");
        }
    }

    @Override
    public void index_reduce_cpu_out(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor source,
            String reduce, boolean includeSelf, Tensor out) {
        if (BETA_WARNED.compareAndSet(false, true)) {
            Warnings.warn("index_reduce() is in beta and the API may change at any time.");
        }
        ScatterReduction r = ScatterReduction.ofIndexReduce(reduce);
        if (out != self) {
            out.copy_(self);
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        if (index.numel() == 0) {
            return;
        }
        Tensor longIndex = index.dtype() == ScalarType.Int64 ? index : index.to(ScalarType.Int64);
        if (!includeSelf) {
            out.index_fill_(d, longIndex, r.identity(out.dtype()));
        }
        long[] indices = longIndex.toLongArray();
        ScalarType dtype = out.dtype();
        boolean floating = dtype.isFloatingPoint();
        boolean bool = dtype == ScalarType.Bool;
        Storage to = out.storage();
        Storage from = source.storage();
        for (int i = 0; i < indices.length; i++) {
            Tensor outSlice = out.dim() == 0 ? out : out.select(d, indices[i]);
            Tensor sourceSlice = source.dim() == 0 ? source : source.select(d, i).expand(outSlice.sizes());
            long[] outAt = ShapeOps.offsets(outSlice);
            long[] sourceAt = ShapeOps.offsets(sourceSlice);
            for (int k = 0; k < outAt.length; k++) {
                if (floating) {
                    to.setDouble(outAt[k], r.combine(to.getDouble(outAt[k]), from.getDouble(sourceAt[k])));
                } else {
                    to.setLong(outAt[k], r.combine(to.getLong(outAt[k]), from.getLong(sourceAt[k]), bool));
                }
            }
        }
        if (r == ScatterReduction.MEAN) {
            Tensor count = includeSelf ? Torch.ones_like(out) : Torch.zeros_like(out);
            count.index_add_(d, index, Torch.ones_like(source));
            count.masked_fill_(count.eq(Scalar.of(0)), Scalar.of(1));
            if (floating) {
                out.div_(count);
            } else {
                out.div_(count, "floor");
            }
        }
    }
}
