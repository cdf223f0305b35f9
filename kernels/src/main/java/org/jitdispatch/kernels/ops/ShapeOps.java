package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.reduce.RowWalk;
import org.jitdispatch.kernels.reduce.StridedCopy;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * tril, triu, flip, roll, repeat, split, chunk, unbind, sort and topk, as PyTorch 1.13's TensorShape.cpp,
 * TriangularOps.cpp, TensorTransformations.cpp and Sorting.cpp: their checks in order, with their messages.
 * split, chunk, unbind and repeat are composites of narrow, select, expand and reshape (see ops.yaml).
 */
public final class ShapeOps implements ShapeOpsDeclarations {

    // ------------------------------------------------------------------------------------ helpers

    /** The storage offsets of t's elements in row-major logical order. */
    static long[] offsets(Tensor t) {
        long n = t.numel();
        long[] out = new long[(int) n];
        int nd = t.dim();
        long[] sizes = t.sizes();
        long[] strides = t.strides();
        long[] pos = new long[nd];
        long off = t.storageOffset();
        for (int i = 0; i < n; i++) {
            out[i] = off;
            for (int d = nd - 1; d >= 0; d--) {
                if (++pos[d] < sizes[d]) {
                    off += strides[d];
                    break;
                }
                off -= strides[d] * (sizes[d] - 1);
                pos[d] = 0;
            }
        }
        return out;
    }

    /** empty_like(self, MemoryFormat::Preserve) of dtype: self's strides when dense, else contiguous. */
    static Tensor emptyPreserve(Tensor self, ScalarType dtype, Device device) {
        long[] sizes = self.sizes();
        long[] strides = TensorGeometry.isNonOverlappingAndDense(sizes, self.strides()) ? self.strides()
                : TensorGeometry.contiguousStrides(sizes);
        return Tensor.FACTORY.emptyStrided(sizes, strides, dtype, device);
    }

    // ------------------------------------------------------------------------------ tril, triu

    @Override
    public void meta_tril(StructuredMeta op, Tensor self, long diagonal) {
        checkMatrixDims(self, "tril");
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    @Override
    public void tril_cpu(StructuredMeta op, Tensor self, long diagonal, Tensor out) {
        triangle(self, diagonal, out, true);
    }

    @Override
    public void meta_triu(StructuredMeta op, Tensor self, long diagonal) {
        checkMatrixDims(self, "triu");
        op.setOutputRawStrided(0, self.sizes(), null, self.dtype(), self.device());
    }

    @Override
    public void triu_cpu(StructuredMeta op, Tensor self, long diagonal, Tensor out) {
        triangle(self, diagonal, out, false);
    }

    /**
     * ATen's tril/triu read self.size(-2) first, which fails below 2 dims with c10's message; then their own check.
     * A tensor without elements returns before that read, so an empty 1-d tensor passes.
     */
    private static void checkMatrixDims(Tensor self, String op) {
        if (self.numel() == 0) {
            return;
        }
        if (self.dim() == 0) {
            throw new IndexOutOfBoundsException("Dimension specified as -2 but tensor has no dimensions");
        }
        TensorGeometry.wrapDim(-2, self.dim());
    }

    /**
     * Keeps the elements with {@code col - row <= diagonal} (lower) or {@code >= diagonal} (upper), zeroes the rest:
     * row by row, the kept run copied and the rest zeroed (out has self's dtype and sizes, and may be self).
     */
    private static void triangle(Tensor self, long diagonal, Tensor out, boolean lower) {
        if (self.numel() == 0) {
            return;
        }
        int nd = self.dim();
        long cols = self.size(nd - 1);
        Object src = self.storage().data();
        Storage dst = out.storage();
        RowWalk rows = new RowWalk(self.sizes(), self.strides(), self.storageOffset(), out.strides(),
                out.storageOffset());
        while (rows.next()) {
            long row = rows.index(nd - 2);
            // lower keeps the columns [0, row + diagonal], upper [row + diagonal, cols)
            int keepFrom = lower ? 0 : (int) Math.min(Math.max(row + diagonal, 0), cols);
            int keepTo = lower ? (int) Math.min(Math.max(row + diagonal + 1, 0), cols) : (int) cols;
            int from = (int) rows.a();
            int to = (int) rows.b();
            int ss = rows.aStep();
            int ds = rows.bStep();
            zero(dst, to, ds, keepFrom);
            StridedCopy.copyStrided(src, from + (long) keepFrom * ss, new long[] {ss}, dst.data(),
                    to + (long) keepFrom * ds, new long[] {ds}, new long[] {keepTo - keepFrom});
            zero(dst, to + keepTo * ds, ds, (int) cols - keepTo);
        }
    }

    /** Zeroes {@code n} elements {@code step} apart from {@code at}. */
    private static void zero(Storage storage, int at, int step, int n) {
        if (n <= 0) {
            return;
        }
        if (step == 1) {
            storage.zero(at, at + n);
            return;
        }
        for (int k = 0; k < n; k++) {
            storage.setLong(at + (long) k * step, 0L);
        }
    }

    // ------------------------------------------------------------------------------- flip, roll

    @Override
    public Tensor flip(Tensor self, long[] dims) {
        int nd = self.dim();
        if (nd > 64) {
            throw new IllegalArgumentException("only tensors with up to 64 dims are supported");
        }
        boolean[] flipped = new boolean[Math.max(nd, 1)];
        for (long dim : dims) {
            int d = TensorGeometry.wrapDim(dim, nd);
            if (flipped[d]) {
                throw new IllegalArgumentException("dim " + d + " appears multiple times in the list of dims");
            }
            flipped[d] = true;
        }
        Tensor out = emptyPreserve(self, self.dtype(), self.device());
        if (self.isMeta() || self.numel() == 0) {
            return out;
        }
        // out[i] = self[flipped i]: walk out's logical positions and read self at the mirrored one
        long[] sizes = self.sizes();
        long[] st = self.strides();
        long base = self.storageOffset();
        for (int d = 0; d < nd; d++) {
            if (flipped[d]) {
                base += (sizes[d] - 1) * st[d];
                st[d] = -st[d];
            }
        }
        StridedCopy.copyStrided(self.storage().data(), base, st, out.storage().data(), out.storageOffset(),
                out.strides(), sizes);
        return out;
    }

    /** roll_cpu: one dim by narrow and cat, several one after another, none over the flattened tensor. */
    @Override
    public Tensor roll(Tensor self, long[] shifts, long[] dims) {
        if (dims.length != 1 || shifts.length != 1) {
            if (shifts.length == 0) {
                throw new IllegalArgumentException("`shifts` required");
            }
            if (dims.length == 0 && shifts.length == 1) {
                Tensor flattened = self.contiguous().view(self.numel());
                return flattened.roll(new long[] {shifts[0]}, new long[] {0}).view(self.sizes());
            }
            if (shifts.length != dims.length) {
                throw new IllegalArgumentException("shifts and dimensions must align. shifts: " + shifts.length
                        + ", dims:" + dims.length);
            }
            Tensor first = self.roll(new long[] {shifts[0]}, new long[] {dims[0]});
            return first.roll(Arrays.copyOfRange(shifts, 1, shifts.length), Arrays.copyOfRange(dims, 1, dims.length));
        }
        if (self.numel() == 0) {
            return self.clone(org.jitdispatch.runtime.MemoryFormat.Preserve);
        }
        long dim = dims[0];
        long size = self.size(TensorGeometry.wrapDim(dim, self.dim()));
        long start = (size - shifts[0]) % size;
        if (start < 0) {
            start += size;
        }
        Tensor t0 = self.narrow(dim, start, size - start);
        Tensor t1 = self.narrow(dim, 0, start);
        return Torch.cat(new Tensor[] {t0, t1}, dim);
    }

    // ------------------------------------------------------------------------------------ repeat

    /** repeat as a view of self with a size-1 dim before each of its dims, expanded and reshaped. */
    @Override
    public Tensor repeat(Tensor self, long[] repeats) {
        int nd = self.dim();
        if (repeats.length < nd) {
            throw new IllegalArgumentException(
                    "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
        }
        int n = repeats.length;
        int pad = n - nd;
        long[] padded = new long[n];
        long[] target = new long[n];
        long[] interleaved = new long[2 * n];
        long[] expanded = new long[2 * n];
        for (int i = 0; i < n; i++) {
            padded[i] = i < pad ? 1 : self.size(i - pad);
            target[i] = padded[i] * repeats[i];
            interleaved[2 * i] = 1;
            interleaved[2 * i + 1] = padded[i];
            expanded[2 * i] = repeats[i];
            expanded[2 * i + 1] = padded[i];
        }
        for (long s : target) {
            if (s < 0) {
                throw new IllegalArgumentException("Trying to create tensor with negative dimension " + s + ": "
                        + Arrays.toString(target));
            }
        }
        Tensor r = self.reshape(interleaved).expand(expanded).reshape(target);
        return r.storage() == self.storage() ? r.clone() : r;
    }

    // ------------------------------------------------------------------------ split, chunk, unbind

    @Override
    public Tensor[] split(Tensor self, long splitSize, long dim) {
        if (self.dim() == 0) {
            throw new IllegalArgumentException("split expects at least a 1-dimensional tensor");
        }
        if (splitSize < 0) {
            throw new IllegalArgumentException("split expects split_size be non-negative, but got split_size=" + splitSize);
        }
        long dimSize = self.size(TensorGeometry.wrapDim(dim, self.dim()));
        if (!(splitSize > 0 || dimSize == 0)) {
            throw new IllegalArgumentException("split_size can only be 0 if dimension size is 0, but got dimension size of "
                    + dimSize);
        }
        long numSplits = 1;
        if (splitSize != 0) {
            numSplits = Math.max((dimSize + splitSize - 1) / splitSize, 1);
        }
        Tensor[] splits = new Tensor[(int) numSplits];
        long lastSplitSize = splitSize - (splitSize * numSplits - dimSize);
        for (int i = 0; i < numSplits; i++) {
            long length = i < numSplits - 1 ? splitSize : lastSplitSize;
            splits[i] = self.narrow(dim, i * splitSize, length);
        }
        return splits;
    }

    /** split_with_sizes: consecutive narrow views of the given lengths along dim, which must add up to its size. */
    @Override
    public Tensor[] split_with_sizes(Tensor self, long[] splitSizes, long dim) {
        if (self.dim() == 0) {
            throw new IllegalArgumentException("split expects at least a 1-dimensional tensor");
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long dimSize = self.size(d);
        Tensor[] splits = new Tensor[splitSizes.length];
        long start = 0;
        for (int i = 0; i < splitSizes.length; i++) {
            long length = splitSizes[i];
            if (length < 0) {
                throw new IllegalArgumentException("split_with_sizes expects split_sizes have only non-negative entries,"
                        + " but got split_sizes=" + Arrays.toString(splitSizes));
            }
            start += length;
        }
        if (start != dimSize) {
            throw new IllegalArgumentException("split_with_sizes expects split_sizes to sum exactly to " + dimSize
                    + " (input tensor's size at dimension " + d + "), but got split_sizes=" + Arrays.toString(splitSizes));
        }
        start = 0;
        for (int i = 0; i < splitSizes.length; i++) {
            splits[i] = self.narrow(d, start, splitSizes[i]);
            start += splitSizes[i];
        }
        return splits;
    }

    /** split.sizes: split_with_sizes (ATen's composite). */
    @Override
    public Tensor[] split(Tensor self, long[] splitSizes, long dim) {
        return Torch.split_with_sizes(self, splitSizes, dim);
    }

    @Override
    public Tensor[] chunk(Tensor self, long chunks, long dim) {
        if (self.dim() <= 0) {
            throw new IllegalArgumentException("chunk expects at least a 1-dimensional tensor");
        }
        if (chunks <= 0) {
            throw new IllegalArgumentException("chunk expects `chunks` to be greater than 0, got: " + chunks);
        }
        long dimSize = self.size(TensorGeometry.wrapDim(dim, self.dim()));
        long splitSize = (dimSize + chunks - 1) / chunks;
        if (splitSize == 0 && dimSize == 0) { // split_with_sizes: `chunks` empty pieces
            if (chunks > Integer.MAX_VALUE - 8) { // ATen would try to allocate a vector of that many tensors
                throw new IllegalArgumentException("chunk: cannot return " + chunks + " tensors");
            }
            Tensor[] pieces = new Tensor[(int) chunks];
            for (int i = 0; i < chunks; i++) {
                pieces[i] = self.narrow(dim, 0, 0);
            }
            return pieces;
        }
        return self.split(splitSize, dim);
    }

    /** The indices of sort(self, dim, descending), as ATen's composite returns them (this sort is stable). */
    @Override
    public Tensor argsort(Tensor self, long dim, boolean descending) {
        return Torch.sort(self, dim, descending)[1];
    }

    /** argsort with the stable flag: this sort is always stable, so the same indices. */
    @Override
    public Tensor argsort(Tensor self, boolean stable, long dim, boolean descending) {
        return Torch.sort(self, stable, dim, descending)[1];
    }

    @Override
    public Tensor[] unbind(Tensor self, long dim) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (self.dim() == 0) {
            // ATen names the dim wrapped against a scalar's one allowed position
            throw new IndexOutOfBoundsException("Dimension specified as " + d + " but tensor has no dimensions");
        }
        long size = self.size(d);
        Tensor[] tensors = new Tensor[(int) size];
        for (int i = 0; i < size; i++) {
            tensors[i] = self.select(d, i);
        }
        return tensors;
    }

    // -------------------------------------------------------------------------------- sort, topk

    @Override
    public Tensor[] sort(Tensor self, long dim, boolean descending) {
        return Torch.sort(self, Boolean.FALSE, dim, descending);
    }

    /** sort.values: the unstable overload writes through the stable one, as ATen's sort_out does. */
    @Override
    public Tensor[] sort_out(Tensor self, long dim, boolean descending, Tensor values, Tensor indices) {
        return Torch.sort_out(values, indices, self, Boolean.FALSE, dim, descending);
    }

    /**
     * TORCH_META_FUNC2(sort, stable): values and indices of self's sizes, in self's strides when those are dense
     * (else dense strides in the same order), so that sorting a large strided tensor allocates no more than it holds.
     */
    @Override
    public void meta_sort_stable(StructuredMeta op, Tensor self, Boolean stable, long dim, boolean descending) {
        if (stable == null) {
            // ATen's TORCH_INTERNAL_ASSERT: the Python binding always passes a value
            throw new IllegalStateException("sort(): c10::optional<bool> for stable has to have value.");
        }
        TensorGeometry.wrapDim(dim, self.dim());
        long[] sizes = self.sizes();
        long[] strides = TensorGeometry.isNonOverlappingAndDense(sizes, self.strides()) ? self.strides()
                : MemoryFormats.inferDenseStrides(sizes, self.strides());
        op.setOutputRawStrided(0, sizes, strides, self.dtype(), self.device());
        op.setOutputRawStrided(1, sizes, strides, ScalarType.Int64, self.device());
    }

    /** A stable sort whatever {@code stable} says (ATen's CPU sort is stable too when asked). */
    @Override
    public void sort_stable_out(StructuredMeta op, Tensor self, Boolean stable, long dim, boolean descending,
            Tensor values, Tensor indices) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long n = self.dim() == 0 ? 1 : self.size(d);
        select(self, d, n, descending, values, indices, n);
    }

    /** TORCH_PRECOMPUTE_META_FUNC(topk): values and indices, contiguous, with k along dim. */
    @Override
    public void meta_topk(StructuredMeta op, Tensor self, long k, long dim, boolean largest, boolean sorted) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long sliceSize = self.dim() == 0 ? 1 : self.size(d);
        if (!(k >= 0 && k <= sliceSize)) {
            throw new IllegalArgumentException("selected index k out of range");
        }
        if (self.dtype() == ScalarType.Bool && !self.isMeta()) {
            // ATen's CPU kernel refuses bool only after an out= tensor was resized: refused here, before it is
            throw new UnsupportedOperationException("\"topk_cpu\" not implemented for 'Bool'");
        }
        long[] sizes = self.sizes().clone();
        if (sizes.length > 0) {
            sizes[d] = k;
        }
        op.setOutputRawStrided(0, sizes, null, self.dtype(), self.device());
        op.setOutputRawStrided(1, sizes, null, ScalarType.Int64, self.device());
    }

    /** The k largest (or smallest) of each slice, in order: topk(sorted=False) keeps the sorted order too. */
    @Override
    public void topk_out_cpu(StructuredMeta op, Tensor self, long k, long dim, boolean largest, boolean sorted,
            Tensor values, Tensor indices) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long sliceSize = self.dim() == 0 ? 1 : self.size(d);
        select(self, d, sliceSize, largest, values, indices, self.dim() == 0 ? 1 : k); // a 0-dim self is copied even for k = 0
    }

    /**
     * Sorts each slice of self along dim (n elements; descending or ascending, NaN greater than every number,
     * stable) and writes its first k values and their indices into values and indices (k along dim).
     */
    private static void select(Tensor self, int d, long n, boolean descending, Tensor values, Tensor indices, long k) {
        if (self.numel() == 0 || k == 0) {
            return;
        }
        int nd = self.dim();
        // move dim last: each row of the walk is then one slice
        long[] perm = new long[nd];
        for (int i = 0, j = 0; i < nd; i++) {
            if (i != d) {
                perm[j++] = i;
            }
        }
        if (nd > 0) {
            perm[nd - 1] = d;
        }
        Tensor src = self.permute(perm);
        Tensor vOut = values.permute(perm);
        Tensor iOut = indices.permute(perm);
        // rows of the outputs' shape (k along the slice): a row starts where the slice of the same outer index does
        RowWalk rows = new RowWalk(vOut.sizes(), src.strides(), src.storageOffset(), vOut.strides(), vOut.storageOffset());
        RowWalk indexRows = new RowWalk(iOut.sizes(), iOut.strides(), iOut.storageOffset(), iOut.strides(),
                iOut.storageOffset());
        int step = nd == 0 ? 0 : (int) src.stride(nd - 1);
        Object data = self.storage().data();
        Object valueData = values.storage().data();
        long[] indexData = indices.storage().longs();
        long[] keys = new long[(int) n];
        while (rows.next() && indexRows.next()) {
            SortRows.keys(data, self.dtype(), (int) rows.a(), step, (int) n, keys);
            int[] order = k == n ? StableIndexSort.order(keys, (int) n, descending)
                    : StableIndexSort.firstK(keys, (int) n, (int) k, descending);
            SortRows.gather(data, (int) rows.a(), step, order, (int) k, valueData, (int) rows.b(), rows.bStep());
            int at = (int) indexRows.b();
            for (int j = 0; j < k; j++, at += indexRows.bStep()) {
                indexData[at] = order[j];
            }
        }
    }
}
