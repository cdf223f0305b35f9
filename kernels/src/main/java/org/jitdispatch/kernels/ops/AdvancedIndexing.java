package org.jitdispatch.kernels.ops;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.jitdispatch.Tensor;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * nonzero, index.Tensor (advanced indexing with {@code Tensor?[]}: long index tensors broadcast together,
 * bool masks standing for their nonzero() columns), their out= overloads and index_put_, as PyTorch 1.13's
 * TensorAdvancedIndexing.cpp and IndexingUtils: the checks in ATen's order with its messages. Every index is
 * checked before anything is written, so a failing index_put_ leaves self untouched.
 */
public final class AdvancedIndexing implements AdvancedIndexingDeclarations {

    // ------------------------------------------------------------------------------------ nonzero

    @Override
    public Tensor nonzero(Tensor self) {
        int nd = self.dim();
        long[] offs = ShapeOps.offsets(self);
        Storage s = self.storage();
        boolean floating = self.dtype().isFloatingPoint();
        List<Integer> hits = new ArrayList<>();
        for (int i = 0; i < offs.length; i++) {
            if (floating ? s.getDouble(offs[i]) != 0 : s.getLong(offs[i]) != 0) {
                hits.add(i);
            }
        }
        // ATen's CPU result is the transpose of a contiguous [ndim, n]: strides (1, n)
        long n = hits.size();
        Tensor out = Tensor.FACTORY.emptyStrided(new long[] {n, nd}, new long[] {1, n}, ScalarType.Int64, self.device());
        Storage o = out.storage();
        long[] sizes = self.sizes();
        for (int h = 0; h < hits.size(); h++) {
            long linear = hits.get(h);
            for (int d = nd - 1; d >= 0; d--) {
                o.setLong(out.storageOffset() + h + d * n, linear % sizes[d]);
                linear /= sizes[d];
            }
        }
        return out;
    }

    /**
     * nonzero_out_cpu: out must be long and must not overlap self; an out of the result's sizes keeps its strides,
     * one that is resized takes the functional result's column-major strides, as ATen lays it out.
     */
    @Override
    public Tensor nonzero_out(Tensor self, Tensor out) {
        if (out.dtype() != ScalarType.Int64) {
            // sic: ATen's message has no space before the dtype
            throw new IllegalArgumentException("nonzero: Expected out tensor to have scalar type Long but got scalar type"
                    + out.dtype().c10Name());
        }
        MemOverlap.assertNoInternalOverlap(MemOverlap.Region.of(out));
        MemOverlap.assertNoOverlap(MemOverlap.Region.of(out), MemOverlap.Region.of(self));
        return ResultIntoOut.copyInResultLayout(nonzero(self), out);
    }

    // -------------------------------------------------------------------------------------- index

    /** Where an advanced index reads or writes: the indexed result's sizes and self's offset of each element. */
    private static final class Plan {
        long[] sizes;
        long[] selfOffsets;
    }

    /** make_info: checks the indices, turns masks into long indices, broadcasts them and maps the result to self. */
    private static Plan plan(Tensor self, Tensor[] indices) {
        int nd = self.dim();
        if (indices.length > nd) {
            throw new IndexOutOfBoundsException("too many indices for tensor of dimension " + nd + " (got " + indices.length
                    + ")");
        }
        for (Tensor t : indices) {
            if (t != null && t.dtype() != ScalarType.Int64 && t.dtype() != ScalarType.Bool) {
                throw new IndexOutOfBoundsException("tensors used as indices must be long, byte or bool tensors");
            }
        }
        // expandTensors: a mask of k dims stands for k long indices, its nonzero() columns
        List<Tensor> expanded = new ArrayList<>();
        for (Tensor t : indices) {
            if (t == null || t.dtype() == ScalarType.Int64) {
                expanded.add(t);
                continue;
            }
            int at = expanded.size();
            for (int j = 0; j < t.dim(); j++) {
                long want = self.size(at + j);
                if (t.size(j) != want) {
                    throw new IndexOutOfBoundsException("The shape of the mask " + Arrays.toString(t.sizes()) + " at index "
                            + j + " does not match the shape of the indexed tensor " + Arrays.toString(self.sizes())
                            + " at index " + (at + j));
                }
            }
            if (t.isMeta()) {
                throw new UnsupportedOperationException("index with a bool mask on a meta tensor: the result's size"
                        + " depends on the mask's values");
            }
            Tensor nz = nonzeroOf(t);
            for (int j = 0; j < t.dim(); j++) {
                expanded.add(nz.select(1, j));
            }
        }
        if (expanded.size() > nd) {
            throw new IndexOutOfBoundsException("too many indices for tensor of dimension " + nd + " (got "
                    + expanded.size() + ")");
        }
        // broadcast the long indices together
        long[] b = null;
        List<Integer> dims = new ArrayList<>();
        for (int i = 0; i < expanded.size(); i++) {
            Tensor t = expanded.get(i);
            if (t == null) {
                continue;
            }
            dims.add(i);
            long[] next = broadcast(b, t.sizes());
            if (next == null) {
                StringBuilder shapes = new StringBuilder();
                for (Tensor u : expanded) {
                    if (u != null) {
                        shapes.append(shapes.length() == 0 ? "" : ", ").append(Arrays.toString(u.sizes()));
                    }
                }
                throw new IndexOutOfBoundsException("shape mismatch: indexing tensors could not be broadcast together with"
                        + " shapes " + shapes);
            }
            b = next;
        }
        if (dims.isEmpty()) {
            throw new UnsupportedOperationException("index: at least one index must be a tensor");
        }
        int bn = b.length;
        long bCount = 1;
        for (long v : b) {
            bCount *= v;
        }
        // each indexed dim's index, broadcast to b, read in row-major order and checked against its size
        long[][] idx = new long[nd][];
        boolean meta = self.isMeta();
        for (int d : dims) {
            Tensor t = expanded.get(d);
            if (meta || t.isMeta()) {
                continue;
            }
            Tensor e = t.expand(b);
            long[] offs = ShapeOps.offsets(e);
            Storage s = e.storage();
            long size = self.size(d);
            long[] v = new long[offs.length];
            for (int k = 0; k < offs.length; k++) {
                long i = s.getLong(offs[k]);
                if (i < -size || i >= size) {
                    throw new IndexOutOfBoundsException("index " + i + " is out of bounds for dimension " + d + " with size "
                            + size);
                }
                v[k] = i < 0 ? i + size : i;
            }
            idx[d] = v;
        }
        // the result: the broadcast dims where the indexed dims were when they are adjacent, else first
        boolean adjacent = dims.get(dims.size() - 1) - dims.get(0) + 1 == dims.size();
        int first = adjacent ? dims.get(0) : 0;
        List<Integer> rest = new ArrayList<>();
        for (int d = 0; d < nd; d++) {
            if (!dims.contains(d)) {
                rest.add(d);
            }
        }
        int rn = nd - dims.size() + bn;
        long[] sizes = new long[rn];
        int[] role = new int[rn]; // >= 0: that self dim; -1 - j: broadcast dim j
        int pos = 0, r = 0;
        for (int k = 0; k < rn; k++) {
            if (k >= first && k < first + bn) {
                role[k] = -1 - (k - first);
                sizes[k] = b[k - first];
            } else {
                role[k] = rest.get(r++);
                sizes[k] = self.size(role[k]);
            }
        }
        Plan p = new Plan();
        p.sizes = sizes;
        if (meta) {
            return p;
        }
        long n = 1;
        for (long v : sizes) {
            n *= v;
        }
        long[] offsets = new long[(int) n];
        long[] coord = new long[rn];
        long[] bStrides = TensorGeometry.contiguousStrides(b);
        for (int e = 0; e < n; e++) {
            long off = self.storageOffset();
            long bl = 0;
            for (int k = 0; k < rn; k++) {
                if (role[k] >= 0) {
                    off += coord[k] * self.stride(role[k]);
                } else {
                    bl += coord[k] * bStrides[-1 - role[k]];
                }
            }
            for (int d : dims) {
                off += idx[d][(int) bl] * self.stride(d);
            }
            offsets[e] = off;
            for (int k = rn - 1; k >= 0; k--) {
                if (++coord[k] < sizes[k]) {
                    break;
                }
                coord[k] = 0;
            }
        }
        p.selfOffsets = offsets;
        return p;
    }

    private static Tensor nonzeroOf(Tensor mask) {
        return new AdvancedIndexing().nonzero(mask);
    }

    /** The broadcast of two shapes, or null when they do not broadcast ({@code a} null: b). */
    private static long[] broadcast(long[] a, long[] b) {
        if (a == null) {
            return b.clone();
        }
        int n = Math.max(a.length, b.length);
        long[] out = new long[n];
        for (int i = 0; i < n; i++) {
            long x = i - (n - a.length) >= 0 ? a[i - (n - a.length)] : 1;
            long y = i - (n - b.length) >= 0 ? b[i - (n - b.length)] : 1;
            if (x != y && x != 1 && y != 1) {
                return null;
            }
            out[i] = x == 1 ? y : x;
        }
        return out;
    }

    @Override
    public Tensor index(Tensor self, Tensor[] indices) {
        Plan p = plan(self, indices);
        Tensor out = Tensor.FACTORY.empty(p.sizes, self.dtype(), self.device());
        if (self.isMeta()) {
            return out;
        }
        Storage src = self.storage(), dst = out.storage();
        long base = out.storageOffset();
        boolean floating = self.dtype().isFloatingPoint();
        for (int i = 0; i < p.selfOffsets.length; i++) {
            if (floating) {
                dst.setDouble(base + i, src.getDouble(p.selfOffsets[i]));
            } else {
                dst.setLong(base + i, src.getLong(p.selfOffsets[i]));
            }
        }
        return out;
    }

    /**
     * index.Tensor_out: the indexed values copied into out. out must have self's dtype: 1.13 does not check it and
     * its kernel then reinterprets self's bytes as out's dtype; later releases refuse it with this message (see
     * README, "Where we differ"). out must not overlap self or an index.
     */
    @Override
    public Tensor index_out(Tensor self, Tensor[] indices, Tensor out) {
        if (indices.length > self.dim()) {
            throw new IndexOutOfBoundsException("too many indices for tensor of dimension " + self.dim() + " (got "
                    + indices.length + ")");
        }
        if (self.dtype() != out.dtype()) {
            throw new IllegalArgumentException("index_out: self (" + self.dtype().c10Name() + ") and result ("
                    + out.dtype().c10Name() + ") must have the same scalar type");
        }
        MemOverlap.Region written = MemOverlap.Region.of(out);
        MemOverlap.assertNoInternalOverlap(written);
        MemOverlap.assertNoOverlap(written, MemOverlap.Region.of(self));
        for (Tensor t : indices) {
            if (t != null) {
                MemOverlap.assertNoOverlap(written, MemOverlap.Region.of(t));
            }
        }
        return ResultIntoOut.copyInResultLayout(index(self, indices), out);
    }

    // ---------------------------------------------------------------------------------- index_put

    @Override
    public Tensor index_put_(Tensor self, Tensor[] indices, Tensor values, boolean accumulate) {
        if (indices.length > self.dim()) {
            throw new IndexOutOfBoundsException("too many indices for tensor of dimension " + self.dim() + " (got "
                    + indices.length + ")");
        }
        if (!self.isMeta()) { // _index_put_impl_: an expanded self is only deprecated (a warning), overlaps are refused
            MemOverlap.assertNoOverlap(MemOverlap.Region.of(self), MemOverlap.Region.of(values));
            for (Tensor t : indices) {
                if (t != null) {
                    MemOverlap.assertNoOverlap(MemOverlap.Region.of(self), MemOverlap.Region.of(t));
                }
            }
        }
        Plan p = plan(self, indices);
        if (broadcast(values.sizes(), p.sizes) == null || values.dim() > p.sizes.length
                || !Arrays.equals(broadcast(values.sizes(), p.sizes), p.sizes)) {
            throw new IllegalArgumentException("shape mismatch: value tensor of shape " + Arrays.toString(values.sizes())
                    + " cannot be broadcast to indexing result of shape " + Arrays.toString(p.sizes));
        }
        if (self.dtype() != values.dtype()) {
            throw new IllegalArgumentException("Index put requires the source and destination dtypes match, got "
                    + self.dtype().c10Name() + " for the destination and " + values.dtype().c10Name() + " for the source.");
        }
        if (self.isMeta()) {
            return self;
        }
        Tensor v = values.expand(p.sizes);
        long[] from = ShapeOps.offsets(v);
        Storage src = v.storage(), dst = self.storage();
        boolean floating = self.dtype().isFloatingPoint();
        boolean bool = self.dtype() == ScalarType.Bool;
        // read every value first: values may share self's storage
        double[] dv = new double[from.length];
        long[] lv = new long[from.length];
        for (int i = 0; i < from.length; i++) {
            if (floating) {
                dv[i] = src.getDouble(from[i]);
            } else {
                lv[i] = src.getLong(from[i]);
            }
        }
        for (int i = 0; i < from.length; i++) {
            long to = p.selfOffsets[i];
            if (floating) {
                dst.setDouble(to, accumulate ? dst.getDouble(to) + dv[i] : dv[i]);
            } else if (bool) {
                dst.setLong(to, accumulate ? (dst.getLong(to) | lv[i]) : lv[i]);
            } else {
                dst.setLong(to, accumulate ? dst.getLong(to) + lv[i] : lv[i]);
            }
        }
        return self;
    }

    @Override
    public Tensor index_put(Tensor self, Tensor[] indices, Tensor values, boolean accumulate) {
        return TensorFactories.fresh(self.clone(org.jitdispatch.runtime.MemoryFormat.Preserve).index_put_(indices, values,
                accumulate));
    }
}
