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
 * scatter with a reduction where several index entries meet one element of the result: the older
 * scatter.reduce and scatter.value_reduce ('add', 'multiply') and scatter_reduce.two ('sum', 'prod', 'mean',
 * 'amax', 'amin', with or without self's own values), as PyTorch 1.13's TensorAdvancedIndexing.cpp. The metas
 * are scatter's (the same checks and messages, "scatter()" in them too), then the reduction's name.
 */
public final class ScatterReduce implements ScatterReduceDeclarations {
    /** 1.13's TORCH_WARN_ONCE: scatter_reduce.two announces its beta status once per process. */
    private static final AtomicBoolean BETA_WARNED = new AtomicBoolean();

    @Override
    public void meta_scatter_reduce(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src, String reduce) {
        Indexing.scatterMeta(op, self, dim, index, src, "scatter");
        ScatterReduction.ofScatter(reduce);
    }

    @Override
    public void scatter_reduce_out(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src, String reduce,
            Tensor out) {
        scatterInto(self, dim, index, src, null, ScatterReduction.ofScatter(reduce), out);
    }

    @Override
    public void meta_scatter_value_reduce(StructuredMeta op, Tensor self, long dim, Tensor index, Scalar value,
            String reduce) {
        Indexing.scatterMeta(op, self, dim, index, null, "scatter");
        ScatterReduction.ofScatter(reduce);
        if (!self.isMeta()) {
            ScalarConversions.check(value, self.dtype()); // the kernel's value.to<scalar_t>(), before it writes
        }
    }

    @Override
    public void scatter_value_reduce_out(StructuredMeta op, Tensor self, long dim, Tensor index, Scalar value,
            String reduce, Tensor out) {
        scatterInto(self, dim, index, null, value, ScatterReduction.ofScatter(reduce), out);
    }

    @Override
    public void meta_scatter_reduce_two(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src,
            String reduce, boolean includeSelf) {
        Indexing.scatterMeta(op, self, dim, index, src, "scatter");
        if (ScatterReduction.ofScatterReduce(reduce) == ScatterReduction.MEAN && self.dtype() == ScalarType.Bool) {
            // ATen's mean kernel has no bool instance; raised here, before anything is written
            throw new IllegalArgumentException("\"scatter_gather_tensor_cpu_reduce_mean\" not implemented for 'Bool'");
        }
    }

    /** TORCH_IMPL_FUNC(scatter_reduce_two): the excluded targets start from the reduction's identity; a mean divides by the count. */
    @Override
    public void scatter_reduce_two(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src, String reduce,
            boolean includeSelf, Tensor out) {
        if (BETA_WARNED.compareAndSet(false, true)) {
            Warnings.warn("scatter_reduce() is in beta and the API may change at any time.");
        }
        ScatterReduction r = ScatterReduction.ofScatterReduce(reduce);
        if (index.storage() == out.storage()) {
            index = index.clone();
        }
        if (src.storage() == out.storage()) {
            src = src.clone();
        }
        if (out != self) {
            out.copy_(self);
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        if (!includeSelf && index.numel() > 0) {
            out.scatter_(d, index, r.identity(out.dtype()));
        }
        scatterInto(out, d, index, src, null, r, out);
        if (r == ScatterReduction.MEAN && index.numel() > 0) {
            Tensor count = includeSelf ? Torch.ones_like(out) : Torch.zeros_like(out);
            count.scatter_add_(d, index, Torch.ones_like(src));
            count.masked_fill_(count.eq(Scalar.of(0)), Scalar.of(1));
            if (out.dtype().isFloatingPoint()) {
                out.div_(count);
            } else {
                out.div_(count, "floor");
            }
        }
    }

    /** out = self, then every index entry's value (src's at the same position, or the value) reduced into out. */
    private static void scatterInto(Tensor self, long dim, Tensor index, Tensor src, Scalar value, ScatterReduction r,
            Tensor out) {
        // an index or src over the written memory is read as it was before the first write, from a copy
        if (index.storage() == out.storage()) {
            index = index.clone();
        }
        if (src != null && src.storage() == out.storage()) {
            src = src.clone();
        }
        if (out != self) {
            out.copy_(self);
        }
        if (index.numel() == 0) {
            return;
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        Indexing.Walk w = new Indexing.Walk(index);
        Storage dst = out.storage();
        ScalarType dtype = out.dtype();
        boolean floating = dtype.isFloatingPoint();
        boolean bool = dtype == ScalarType.Bool;
        double dv = value == null ? 0 : ScalarConversions.toDouble(value);
        long lv = value == null ? 0 : bool ? (value.toBoolean() ? 1 : 0)
                : value.isFloatingPoint() ? (long) value.toDouble() : value.toLong();
        while (w.next()) {
            long to = w.offsetIn(out, d, w.index());
            if (floating) {
                double v = src != null ? src.storage().getDouble(w.offsetIn(src, -1, 0)) : dv;
                dst.setDouble(to, r.combine(dst.getDouble(to), v));
            } else {
                long v = src != null ? src.storage().getLong(w.offsetIn(src, -1, 0)) : lv;
                dst.setLong(to, r.combine(dst.getLong(to), v, bool));
            }
        }
    }
}
