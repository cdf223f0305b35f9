package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.autograd.NoGrad;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.kernels.reduce.RowWalk;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * gather, scatter (a src tensor or a value), scatter_add and masked_fill, as PyTorch 1.13's
 * ScatterGatherChecks.h, TensorAdvancedIndexing.cpp and its CPU kernels: the metas' checks in their
 * order and their messages.
 *
 * <p>ATen's CPU kernels check each index against its dim's size while they write; the metas here check
 * every index first (on the CPU), so that a failing call leaves every tensor untouched.
 */
public final class Indexing implements IndexingDeclarations {

    // ------------------------------------------------------------------------------------------ gather

    /** TORCH_META_FUNC(gather): out has index's sizes and self's dtype; gather_shape_check. */
    @Override
    public void meta_gather(StructuredMeta op, Tensor self, long dim, Tensor index, boolean sparseGrad) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        TensorImpl result = op.maybeGetOutput(0);
        if (result != null) {
            MemOverlap.assertResizedOutOverlapsNoInput(result, index.sizes(), self, index);
        }
        if (index.numel() != 0) {
            if (index.dtype() != ScalarType.Int64) {
                throw new IllegalArgumentException("gather(): Expected dtype int64 for index");
            }
            int selfDims = nonemptyDim(self);
            if (selfDims != nonemptyDim(index)) {
                throw new IllegalArgumentException("Index tensor must have the same number of dimensions as input tensor");
            }
            for (int i = 0; i < selfDims; i++) {
                if (i != d && nonemptySize(index, i) > nonemptySize(self, i)) {
                    throw new IllegalArgumentException("Size does not match at dimension " + i + " expected index "
                            + Arrays.toString(index.sizes()) + " to be smaller than self " + Arrays.toString(self.sizes())
                            + " apart from dimension " + d);
                }
            }
            checkIndexBounds(index, d, nonemptySize(self, d));
        }
        op.setOutputRawStrided(0, index.sizes(), null, self.dtype(), self.device());
    }

    @Override
    public void gather_out(StructuredMeta op, Tensor self, long dim, Tensor index, boolean sparseGrad, Tensor out) {
        if (index.numel() == 0) {
            return;
        }
        int d = self.dim() == 0 ? 0 : TensorGeometry.wrapDim(dim, self.dim());
        if (index.dim() > 0 && index.dim() == self.dim()) {
            GatherRows.gather(self, d, index, out);
            return;
        }
        Walk w = new Walk(index);
        Storage src = self.storage();
        Storage dst = out.storage();
        boolean floating = self.dtype().isFloatingPoint();
        while (w.next()) {
            long from = w.offsetIn(self, d, w.index());
            long to = w.offsetIn(out, -1, 0);
            if (floating) {
                dst.setDouble(to, src.getDouble(from));
            } else {
                dst.setLong(to, src.getLong(from));
            }
        }
    }

    // ----------------------------------------------------------------------------------------- scatter

    @Override
    public void meta_scatter_src(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src) {
        scatterMeta(op, self, dim, index, src, "scatter");
    }

    @Override
    public void scatter_src_out(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src, Tensor out) {
        scatter(self, dim, index, src, null, out, false);
    }

    @Override
    public void meta_scatter_value(StructuredMeta op, Tensor self, long dim, Tensor index, Scalar value) {
        scatterMeta(op, self, dim, index, null, "scatter");
        if (self.device().type() == org.jitdispatch.runtime.DeviceType.CPU) {
            Elementwise.checkConvert(value, self.dtype());
        }
    }

    @Override
    public void scatter_value_out(StructuredMeta op, Tensor self, long dim, Tensor index, Scalar value, Tensor out) {
        scatter(self, dim, index, null, value, out, false);
    }

    @Override
    public void meta_scatter_add(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src) {
        scatterMeta(op, self, dim, index, src, "scatter");
    }

    @Override
    public void scatter_add(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src, Tensor out) {
        scatter(self, dim, index, src, null, out, true);
    }

    /** ATen's scatter_meta_impl: scatter_gather_dtype_check, scatter_shape_check, out has self's geometry. */
    static void scatterMeta(StructuredMeta op, Tensor self, long dim, Tensor index, Tensor src, String name) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (index.numel() != 0 && index.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException(name + "(): Expected dtype int64 for index");
        }
        if (src != null && self.dtype() != src.dtype()) {
            throw new IllegalArgumentException(name + "(): Expected self.dtype to be equal to src.dtype");
        }
        if (index.numel() != 0) {
            int selfDims = nonemptyDim(self);
            if (selfDims != nonemptyDim(index)) {
                throw new IllegalArgumentException("Index tensor must have the same number of dimensions as self tensor");
            }
            boolean wrong = false;
            for (int i = 0; i < selfDims && !wrong; i++) {
                wrong = i != d && nonemptySize(index, i) > nonemptySize(self, i);
            }
            if (!wrong && src != null) {
                for (int i = 0; i < selfDims && !wrong; i++) {
                    wrong = nonemptySize(index, i) > nonemptySize(src, i);
                }
            }
            if (wrong) {
                throw new IllegalArgumentException("Expected index " + Arrays.toString(index.sizes()) + " to be smaller than self "
                        + Arrays.toString(self.sizes()) + " apart from dimension " + d
                        + (src != null ? " and to be smaller size than src " + Arrays.toString(src.sizes()) : ""));
            }
            if (src != null && index.dim() != src.dim()) { // the CPU kernel's check, made before anything is written
                throw new IllegalArgumentException("Index tensor must have the same number of dimensions as src tensor");
            }
            checkIndexBounds(index, d, nonemptySize(self, d));
        }
        TensorImpl result = op.maybeGetOutput(0);
        if (result != null && result.storage() != null) {
            // scatter_meta_impl: the written tensor may not overlap the index or src it reads while writing
            if (result.storage() == index.storage()) {
                MemOverlap.assertNoOverlap(MemOverlap.Region.of(result), MemOverlap.Region.of(index));
            }
            if (src != null && result.storage() == src.storage()) {
                MemOverlap.assertNoOverlap(MemOverlap.Region.of(result), MemOverlap.Region.of(src));
            }
        }
        if (result != null && result != self) {
            if (src != null) {
                MemOverlap.assertResizedOutOverlapsNoInput(result, self.sizes(), self, index, src);
            } else {
                MemOverlap.assertResizedOutOverlapsNoInput(result, self.sizes(), self, index);
            }
        }
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    private static void scatter(Tensor self, long dim, Tensor index, Tensor src, Scalar value, Tensor out, boolean add) {
        // an index or src over the written memory in a layout the overlap check cannot judge (a stride of 0) is
        // read as it was before the first write, from a copy
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
        Walk w = new Walk(index);
        Storage dst = out.storage();
        boolean floating = out.dtype().isFloatingPoint();
        boolean bool = out.dtype() == ScalarType.Bool;
        while (w.next()) {
            long to = w.offsetIn(out, d, w.index());
            if (floating) {
                double v = src != null ? src.storage().getDouble(w.offsetIn(src, -1, 0)) : value.toDouble();
                dst.setDouble(to, add ? dst.getDouble(to) + v : v);
            } else {
                long v = src != null ? src.storage().getLong(w.offsetIn(src, -1, 0))
                        : value.isFloatingPoint() ? (long) value.toDouble() : value.toLong();
                dst.setLong(to, add ? (bool ? (dst.getLong(to) | v) : dst.getLong(to) + v) : v);
            }
        }
    }

    // ------------------------------------------------------------------------------------- masked_fill

    /** ATen's masked_fill (CompositeExplicitAutograd): self and mask broadcast, cloned, then filled in place. */
    @Override
    public Tensor masked_fill(Tensor self, Tensor mask, Scalar value) {
        long[] shape = Broadcast.inferSize(mask.sizes(), self.sizes());
        // below autograd, as ATen's kernel runs: its Autograd kernel records the graph of the result
        try (var noGrad = NoGrad.enter()) {
            Tensor result = self.expand(shape).clone(MemoryFormat.Contiguous);
            return TensorFactories.fresh(result.masked_fill_(mask, value));
        }
    }

    @Override
    public Tensor masked_fill(Tensor self, Tensor mask, Tensor value) {
        long[] shape = Broadcast.inferSize(mask.sizes(), self.sizes());
        // below autograd, as ATen's kernel runs: its Autograd kernel records the graph of the result
        try (var noGrad = NoGrad.enter()) {
            Tensor result = self.expand(shape).clone(MemoryFormat.Contiguous);
            return TensorFactories.fresh(result.masked_fill_(mask, value));
        }
    }

    /** masked_fill__cpu: a 0-dim value tensor, read as a Scalar. */
    @Override
    public Tensor masked_fill_(Tensor self, Tensor mask, Tensor value) {
        if (value.dim() != 0) {
            throw new IllegalArgumentException("masked_fill_ only supports a 0-dimensional value tensor, but got tensor with "
                    + value.dim() + " dimension(s).");
        }
        if (value.isMeta()) {
            checkMask(self, mask);
            if (!self.isMeta()) {
                throw new IllegalArgumentException("Expected all tensors to be on the same device, but found at least two"
                        + " devices, meta and cpu!");
            }
            return self;
        }
        return masked_fill_(self, mask, value.item());
    }

    /** masked_fill_impl_cpu: a mask of 0 and 1 (bool, or any dtype holding only those) that broadcasts to self's shape; the value as self's dtype. */
    @Override
    public Tensor masked_fill_(Tensor self, Tensor mask, Scalar value) {
        checkMask(self, mask);
        if (self.isMeta() || mask.isMeta()) {
            return self;
        }
        Elementwise.checkConvert(value, self.dtype());
        Tensor m = mask.expand(self.sizes());
        long[] o = self.elementOffsets();
        long[] mo = m.elementOffsets();
        Storage ms = m.storage();
        Storage s = self.storage();
        boolean floating = self.dtype().isFloatingPoint();
        double dv = value.toDouble();
        long lv = value.isFloatingPoint() ? (long) dv : value.toLong();
        for (int i = 0; i < o.length; i++) {
            if (ms.getBoolean(mo[i])) {
                if (floating) {
                    s.setDouble(o[i], dv);
                } else {
                    s.setLong(o[i], lv);
                }
            }
        }
        return self;
    }

    private static void checkMask(Tensor self, Tensor mask) {
        if (self.isMeta() != mask.isMeta()) {
            // the one kernel serves CPU and Meta: a meta operand with a CPU one has no data to fill from
            throw new IllegalArgumentException("Expected all tensors to be on the same device, but found at least two"
                    + " devices, meta and cpu!");
        }
        if (mask.dtype() != ScalarType.Bool && !mask.isMeta()) {
            // ATen's CPU kernel reads another mask dtype too, if it holds only 0 and 1
            for (double v : mask.toDoubleArray()) {
                if (v != 0 && v != 1) {
                    throw new IllegalArgumentException("Mask tensor can take 0 and 1 values only");
                }
            }
        }
        long[] shape = Broadcast.inferSize(self.sizes(), mask.sizes());
        if (!Arrays.equals(shape, self.sizes())) {
            throw new IllegalArgumentException("output with shape " + Arrays.toString(self.sizes())
                    + " doesn't match the broadcast shape " + Arrays.toString(shape));
        }
        if (self.storage() != null && mask.storage() != null) {
            MemOverlap.assertNoPartialOverlap(MemOverlap.Region.of(self), MemOverlap.Region.of(mask));
        }
    }

    // ------------------------------------------------------------------------------------------ helpers

    /** ATen's ensure_nonempty_dim: a 0-dim tensor counts as one dim. */
    static int nonemptyDim(TensorImpl t) {
        return Math.max(1, t.dim());
    }

    static long nonemptySize(TensorImpl t, int d) {
        return t.dim() == 0 ? 1 : t.size(d);
    }

    /** The kernel's check of every index, made before anything is written (CPU tensors only). */
    static void checkIndexBounds(TensorImpl index, int dim, long size) {
        if (index.isMeta()) {
            return;
        }
        if (index.dtype() == ScalarType.Int64 && index.numel() > 0) {
            // row by row over the index's own geometry: no copy of its values, no offsets array
            long[] values = index.storage().longs();
            RowWalk rows = new RowWalk(index.sizes(), index.strides(), index.storageOffset(), index.strides(),
                    index.storageOffset());
            while (rows.next()) {
                int at = (int) rows.a();
                for (int j = 0, n = rows.length(), step = rows.aStep(); j < n; j++, at += step) {
                    long i = values[at];
                    if (i < 0 || i >= size) {
                        throw new IndexOutOfBoundsException("index " + i + " is out of bounds for dimension " + dim
                                + " with size " + size);
                    }
                }
            }
            return;
        }
        for (long i : index.toLongArray()) {
            if (i < 0 || i >= size) {
                throw new IndexOutOfBoundsException("index " + i + " is out of bounds for dimension " + dim + " with size "
                        + size);
            }
        }
    }

    /** Walks the positions of an index tensor in row-major order, giving the value and the same position elsewhere. */
    static final class Walk {
        private final TensorImpl index;
        private final long[] offsets;
        private final long[] pos;
        private final long[] sizes;
        private int i = -1;

        Walk(TensorImpl index) {
            this.index = index;
            this.offsets = index.elementOffsets();
            this.sizes = index.dim() == 0 ? new long[] {1} : index.sizes();
            this.pos = new long[sizes.length];
        }

        boolean next() {
            if (++i >= offsets.length) {
                return false;
            }
            if (i > 0) {
                for (int d = sizes.length - 1; d >= 0; d--) {
                    if (++pos[d] < sizes[d]) {
                        break;
                    }
                    pos[d] = 0;
                }
            }
            return true;
        }

        long index() {
            return index.storage().getLong(offsets[i]);
        }

        /** The offset in t of this position, with dim {@code replaced} (if not -1) at {@code at}. */
        long offsetIn(TensorImpl t, int replaced, long at) {
            long off = t.storageOffset();
            for (int d = 0; d < t.dim(); d++) {
                off += (d == replaced ? at : pos[d]) * t.stride(d);
            }
            return off;
        }
    }
}
