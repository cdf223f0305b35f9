package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.iter.Broadcast;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;

/**
 * Shape operators PyTorch 1.13 writes over others (TensorShape.cpp, Repeat.cpp, TensorTransformations.cpp,
 * LinearAlgebra.cpp, ReduceOps.cpp), written the same way, with their checks and messages: broadcast_to and
 * broadcast_tensors, meshgrid, tile, repeat_interleave, tensor_split, the stacks (hstack, vstack, dstack,
 * column_stack) and atleast_1d/2d/3d, take_along_dim, rot90, kron, tensordot, diff, and the {@code new_*}
 * factories. Autograd differentiates through what they call.
 */
public final class ShapeComposites implements ShapeCompositesDeclarations {

    @Override
    public Tensor broadcast_to(Tensor self, long[] size) {
        return self.expand(size, false);
    }

    @Override
    public Tensor[] broadcast_tensors(Tensor[] tensors) {
        long[] shape = new long[0];
        for (Tensor t : tensors) {
            shape = Broadcast.inferSize(shape, t.sizes());
        }
        Tensor[] out = new Tensor[tensors.length];
        for (int i = 0; i < tensors.length; i++) {
            out[i] = tensors[i].expand(shape, false);
        }
        return out;
    }

    /** 1.13's default indexing is "ij" (PyTorch warns that it will change; the result is the same). */
    @Override
    public Tensor[] meshgrid(Tensor[] tensors) {
        return Torch.meshgrid(tensors, "ij");
    }

    @Override
    public Tensor[] meshgrid(Tensor[] tensors, String indexing) {
        int size = tensors.length;
        if (size == 0) {
            throw new IllegalArgumentException("meshgrid expects a non-empty TensorList");
        }
        for (int i = 0; i < size - 1; i++) {
            if (tensors[i].dtype() != tensors[i + 1].dtype()) {
                throw new IllegalArgumentException("meshgrid expects all tensors to have the same dtype");
            }
            if (!tensors[i].device().equals(tensors[i + 1].device())) {
                throw new IllegalArgumentException("meshgrid expects all tensors to have the same device");
            }
        }
        Tensor[] refs = tensors.clone();
        boolean swap = false;
        if (indexing.equals("xy")) {
            swap = size >= 2;
            if (swap) {
                refs[0] = tensors[1];
                refs[1] = tensors[0];
            }
        } else if (!indexing.equals("ij")) {
            throw new IllegalArgumentException("torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: "
                    + indexing);
        }
        long[] shape = new long[size];
        for (int i = 0; i < size; i++) {
            if (refs[i].dim() > 1) {
                throw new IllegalArgumentException("torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got a "
                        + refs[i].dim() + "D tensor of sizes " + Arrays.toString(refs[i].sizes()));
            }
            shape[i] = refs[i].numel();
        }
        Tensor[] grids = new Tensor[size];
        long[] viewShape = new long[size];
        Arrays.fill(viewShape, 1);
        for (int i = 0; i < size; i++) {
            viewShape[i] = -1;
            grids[i] = refs[i].view(viewShape).expand(shape, false);
            viewShape[i] = 1;
        }
        if (swap) {
            Tensor first = grids[0];
            grids[0] = grids[1];
            grids[1] = first;
        }
        return grids;
    }

    /** repeat, with 1s prepended to {@code dims} when self has more dims. */
    @Override
    public Tensor tile(Tensor self, long[] dims) {
        int missing = self.dim() - dims.length;
        if (missing > 0) {
            long[] reps = new long[self.dim()];
            Arrays.fill(reps, 0, missing, 1);
            System.arraycopy(dims, 0, reps, missing, dims.length);
            return self.repeat(reps);
        }
        return self.repeat(dims);
    }

    // ---------------------------------------------------------------- repeat_interleave

    /** The index {@code i} repeated {@code repeats[i]} times: the indices that repeat an operand's elements. */
    @Override
    public Tensor repeat_interleave(Tensor repeats, Long outputSize) {
        if (repeats.dim() != 1) {
            throw new IllegalArgumentException("repeat_interleave only accept 1D vector as repeat");
        }
        if (repeats.dtype() != ScalarType.Int64 && repeats.dtype() != ScalarType.Int32) {
            throw Elementwise.notImplemented("repeat_interleave_cpu", repeats.dtype());
        }
        if (repeats.size(0) == 0) {
            return Torch.empty_like(repeats, null, null, null, null, MemoryFormat.Contiguous);
        }
        long[] counts = repeats.toLongArray();
        long total = 0;
        for (long c : counts) {
            total = c > 0 && total > Long.MAX_VALUE - c ? Long.MAX_VALUE : total + c;
        }
        if (outputSize != null) {
            total = outputSize;
        } else {
            for (long c : counts) {
                if (c < 0) {
                    throw new IllegalArgumentException("repeats can not be negative");
                }
            }
        }
        if (total < 0) {
            throw new IllegalArgumentException("Trying to create tensor with negative dimension " + total + ": [" + total
                    + "]");
        }
        // in repeats' dtype, as a storage: a result the heap cannot hold is refused with the allocator's message
        Storage storage = Storage.allocate(repeats.dtype(), total);
        for (long i = 0, at = 0; i < counts.length && at < total; i++) {
            for (long r = 0; r < counts[(int) i] && at < total; r++) {
                storage.setLong(at++, i);
            }
        }
        return new Tensor(storage, repeats.dtype(), repeats.device(), new long[] {total}, new long[] {1}, 0);
    }

    @Override
    public Tensor repeat_interleave(Tensor self, Tensor repeats, Long dim, Long outputSize) {
        Tensor input = self;
        long d;
        if (dim == null) {
            input = self.reshape(new long[] {-1});
            d = 0;
        } else {
            d = TensorGeometry.wrapDim(dim, self.dim());
        }
        Tensor counts = repeats;
        long size = input.dim() == 0 ? 1 : input.size((int) d);
        if (repeats.dim() == 0 || (repeats.dim() == 1 && repeats.size(0) == 1)) {
            counts = repeats.reshape(new long[] {1}).expand(new long[] {size}, false);
        } else if (repeats.dim() == 1) {
            if (repeats.size(0) != size) {
                throw new IllegalArgumentException("repeats must have the same size as input along dim");
            }
        } else {
            throw new IllegalArgumentException("repeats must be 0-dim or 1-dim tensor");
        }
        return input.index_select(d, Torch.repeat_interleave(counts.contiguous(), outputSize).to(ScalarType.Int64));
    }

    @Override
    public Tensor repeat_interleave(Tensor self, long repeats, Long dim, Long outputSize) {
        return Torch.repeat_interleave(self, Torch.tensor(new long[] {repeats}, 1), dim, outputSize);
    }

    // ---------------------------------------------------------------- tensor_split

    @Override
    public Tensor[] tensor_split(Tensor self, long sections, long dim) {
        int d = checkSplittable(self, dim);
        if (sections <= 0) {
            throw new IllegalArgumentException("number of sections must be larger than 0, got " + sections);
        }
        if (sections > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("tensor_split: " + sections + " sections are more than a list of tensors"
                    + " can hold");
        }
        long size = self.size(d);
        Tensor[] splits = new Tensor[(int) sections];
        long minSize = size / sections;
        long extra = size % sections;
        long start = 0;
        for (int i = 0; i < splits.length; i++) {
            long length = i < extra ? minSize + 1 : minSize;
            splits[i] = Torch.slice(self, d, start, start + length, 1);
            start += length;
        }
        return splits;
    }

    @Override
    public Tensor[] tensor_split(Tensor self, long[] indices, long dim) {
        int d = checkSplittable(self, dim);
        Tensor[] splits = new Tensor[indices.length + 1];
        long start = 0;
        for (int i = 0; i < indices.length; i++) {
            splits[i] = Torch.slice(self, d, start, indices[i], 1);
            start = indices[i];
        }
        splits[indices.length] = Torch.slice(self, d, start, self.size(d), 1);
        return splits;
    }

    /** tensor_split by a long tensor: a 0-dim one is the number of sections, a 1-dim one the split indices. */
    @Override
    public Tensor[] tensor_split(Tensor self, Tensor tensor_indices_or_sections, long dim) {
        if (self.dim() == 0) {
            checkSplittable(self, dim);
        }
        Device device = tensor_indices_or_sections.device();
        if (device.type() != org.jitdispatch.runtime.DeviceType.CPU) {
            throw new IllegalArgumentException("tensor_split expected tensor_indices_or_sections to be on cpu, but it's on "
                    + device);
        }
        ScalarType dtype = tensor_indices_or_sections.dtype();
        if (dtype != ScalarType.Int64) {
            throw new IllegalArgumentException("tensor_split expected tensor_indices_or_sections to have dtype of long,"
                    + " but got " + dtype.c10Name());
        }
        int splitDim = tensor_indices_or_sections.dim();
        if (splitDim != 0 && splitDim != 1) {
            throw new IllegalArgumentException("tensor_split expected tensor_indices_or_sections to be a zero-dimensional"
                    + " or one-dimensional tensor, but got a tensor with " + splitDim + " dims");
        }
        // read on the host, as ATen does: the split points decide the views' shapes, not their values
        long[] values = tensor_indices_or_sections.toLongArray();
        return splitDim == 0 ? Torch.tensor_split(self, values[0], dim) : Torch.tensor_split(self, values, dim);
    }

    // ---------------------------------------------------------------- hsplit, vsplit, dsplit

    /** Into equal sections along dim 1 (dim 0 of a vector), as NumPy's hsplit. */
    @Override
    public Tensor[] hsplit(Tensor self, long sections) {
        requireDims(self, 1, "hsplit", "1 dimension");
        return equalSections(self, self.dim() == 1 ? 0 : 1, sections, "hsplit");
    }

    @Override
    public Tensor[] hsplit(Tensor self, long[] indices) {
        requireDims(self, 1, "hsplit", "1 dimension");
        return Torch.tensor_split(self, indices, self.dim() == 1 ? 0 : 1);
    }

    @Override
    public Tensor[] vsplit(Tensor self, long sections) {
        requireDims(self, 2, "vsplit", "2 dimension");
        return equalSections(self, 0, sections, "vsplit");
    }

    @Override
    public Tensor[] vsplit(Tensor self, long[] indices) {
        requireDims(self, 2, "vsplit", "2 dimension");
        return Torch.tensor_split(self, indices, 0);
    }

    @Override
    public Tensor[] dsplit(Tensor self, long sections) {
        requireDims(self, 3, "dsplit", "3 dimension");
        return equalSections(self, 2, sections, "dsplit");
    }

    @Override
    public Tensor[] dsplit(Tensor self, long[] indices) {
        requireDims(self, 3, "dsplit", "3 dimension");
        return Torch.tensor_split(self, indices, 2);
    }

    /** ATen's message says "at least 2 dimension" (sic) for vsplit and dsplit; kept word for word. */
    private static void requireDims(Tensor self, int least, String op, String wording) {
        if (self.dim() < least) {
            throw new IllegalArgumentException("torch." + op + " requires a tensor with at least " + wording
                    + ", but got a tensor with " + self.dim() + " dimensions!");
        }
    }

    /**
     * The int overloads split into {@code sections} equal parts, refusing a size it does not divide; a negative
     * count that divides the size passes this check and is refused by tensor_split's own.
     */
    private static Tensor[] equalSections(Tensor self, int dim, long sections, String op) {
        if (sections == 0 || self.size(dim) % sections != 0) {
            throw new IllegalArgumentException("torch." + op + " attempted to split along dimension " + dim + ", but the"
                    + " size of the dimension " + self.size(dim) + " is not divisible by the split_size " + sections + "!");
        }
        return Torch.tensor_split(self, sections, dim);
    }

    private static int checkSplittable(Tensor self, long dim) {
        if (self.dim() == 0) {
            throw new IllegalArgumentException("tensor_split expected at least a 1-dimensional tensor, but got a tensor"
                    + " with 0 dims");
        }
        return TensorGeometry.wrapDim(dim, self.dim());
    }

    // ---------------------------------------------------------------- stacks

    @Override
    public Tensor atleast_1d(Tensor self) {
        return self.dim() == 0 ? self.reshape(new long[] {1}) : self;
    }

    @Override
    public Tensor atleast_2d(Tensor self) {
        switch (self.dim()) {
            case 0: return self.reshape(new long[] {1, 1});
            case 1: return self.unsqueeze(0);
            default: return self;
        }
    }

    @Override
    public Tensor atleast_3d(Tensor self) {
        switch (self.dim()) {
            case 0: return self.reshape(new long[] {1, 1, 1});
            case 1: return self.unsqueeze(0).unsqueeze(-1);
            case 2: return self.unsqueeze(-1);
            default: return self;
        }
    }

    @Override
    public Tensor hstack(Tensor[] tensors) {
        requireSome(tensors, "hstack");
        Tensor[] rep = each(tensors, 1);
        return Torch.cat(rep, rep[0].dim() == 1 ? 0 : 1);
    }

    @Override
    public Tensor vstack(Tensor[] tensors) {
        requireSome(tensors, "vstack");
        return Torch.cat(each(tensors, 2), 0);
    }

    @Override
    public Tensor dstack(Tensor[] tensors) {
        requireSome(tensors, "dstack");
        return Torch.cat(each(tensors, 3), 2);
    }

    /** Vectors (and scalars) become columns; tensors of two or more dims are joined along dim 1. */
    @Override
    public Tensor column_stack(Tensor[] tensors) {
        requireSome(tensors, "column_stack");
        Tensor[] columns = new Tensor[tensors.length];
        for (int i = 0; i < tensors.length; i++) {
            Tensor t = tensors[i];
            columns[i] = t.dim() <= 1 ? t.reshape(new long[] {t.numel(), 1}) : t;
        }
        return Torch.cat(columns, 1);
    }

    private static void requireSome(Tensor[] tensors, String op) {
        if (tensors.length == 0) {
            throw new IllegalArgumentException(op + " expects a non-empty TensorList");
        }
    }

    private Tensor[] each(Tensor[] tensors, int atLeast) {
        Tensor[] out = new Tensor[tensors.length];
        for (int i = 0; i < tensors.length; i++) {
            out[i] = atLeast == 1 ? atleast_1d(tensors[i]) : atLeast == 2 ? atleast_2d(tensors[i]) : atleast_3d(tensors[i]);
        }
        return out;
    }

    // ---------------------------------------------------------------- take_along_dim, rot90, kron, tensordot, diff

    @Override
    public Tensor take_along_dim(Tensor self, Tensor indices, Long dim) {
        if (dim == null) {
            return self.view(new long[] {-1}).gather(0, indices.view(new long[] {-1}), false);
        }
        if (self.dim() != indices.dim()) {
            throw new IllegalArgumentException("torch.take_along_dim(): input and indices should have the same number of"
                    + " dimensions, but got " + self.dim() + " dimensions for input, and " + indices.dim()
                    + " dimensions for indices");
        }
        if (indices.dtype() != ScalarType.Int64) {
            throw new IllegalArgumentException("torch.take_along_dim(): dtype of indices should be Long but got "
                    + indices.dtype().c10Name());
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        long[] selfSizes = self.sizes().clone();
        selfSizes[d] = indices.size(d);
        Tensor broadcastIndices = indices.expand(Broadcast.inferSize(selfSizes, indices.sizes()), false);
        long[] indicesSizes = indices.sizes().clone();
        indicesSizes[d] = self.size(d);
        Tensor broadcastSelf = self.expand(Broadcast.inferSize(indicesSizes, self.sizes()), false);
        return broadcastSelf.gather(d, broadcastIndices, false);
    }

    @Override
    public Tensor rot90(Tensor self, long k, long[] dims) {
        int total = self.dim();
        if (dims.length != 2) {
            throw new IllegalArgumentException("expected total rotation dims == 2, but got dims = " + dims.length);
        }
        if (total < 2) {
            throw new IllegalArgumentException("expected total dims >= 2, but got total dims = " + total);
        }
        if (dims[0] == dims[1] || Math.abs(dims[0] - dims[1]) == total) {
            throw new IllegalArgumentException("expected rotation dims to be different, but got dim0 = " + dims[0]
                    + " and dim1 = " + dims[1]);
        }
        if (!(dims[0] < total && dims[0] >= -total)) {
            throw new IllegalArgumentException("Rotation dim0 out of range, dim0 = " + dims[0]);
        }
        if (!(dims[1] < total && dims[1] >= -total)) {
            throw new IllegalArgumentException("Rotation dim1 out of range, dim1 = " + dims[1]);
        }
        switch ((int) Math.floorMod(k, 4L)) {
            case 1: return self.flip(new long[] {dims[1]}).transpose(dims[0], dims[1]);
            case 2: return self.flip(dims);
            case 3: return self.flip(new long[] {dims[0]}).transpose(dims[0], dims[1]);
            default: return self.clone(MemoryFormat.Contiguous);
        }
    }

    /** The Kronecker product: both operands viewed with interleaved size-1 dims and multiplied. */
    @Override
    public Tensor kron_out(Tensor self, Tensor other, Tensor out) {
        return ResultIntoOut.castingCopy(Torch.kron(self, other), out); // ATen writes through mul_out
    }

    @Override
    public Tensor kron(Tensor self, Tensor other) {
        int maxdim = Math.max(self.dim(), other.dim());
        int padSelf = maxdim - self.dim();
        int padOther = maxdim - other.dim();
        long[] a = new long[2 * maxdim];
        long[] b = new long[2 * maxdim];
        long[] result = new long[maxdim];
        for (int i = 0; i < maxdim; i++) {
            a[2 * i] = i >= padSelf ? self.size(i - padSelf) : 1;
            a[2 * i + 1] = 1;
            b[2 * i] = 1;
            b[2 * i + 1] = i >= padOther ? other.size(i - padOther) : 1;
            result[i] = a[2 * i] * b[2 * i + 1];
        }
        return Torch.mul(self.reshape(a), other.reshape(b)).reshape(result);
    }

    @Override
    public Tensor tensordot(Tensor self, Tensor other, long[] dimsSelf, long[] dimsOther) {
        if (dimsSelf.length != dimsOther.length) {
            throw new IllegalArgumentException("both dimension lists should have same length");
        }
        long contracted = 1;
        Tensor t1 = self;
        Tensor t2 = other;
        for (int i = 0; i < dimsSelf.length; i++) {
            long s1 = self.size(TensorGeometry.wrapDim(dimsSelf[i], self.dim()));
            long s2 = other.size(TensorGeometry.wrapDim(dimsOther[i], other.dim()));
            if (s2 == 1) {
                t1 = Torch.sum(t1, new long[] {dimsSelf[i]}, true, null);
            } else if (s1 == 1) {
                t2 = Torch.sum(t2, new long[] {dimsOther[i]}, true, null);
            } else {
                if (s1 != s2) {
                    throw new IllegalArgumentException("contracted dimensions need to match, but first has size " + s1
                            + " in dim " + dimsSelf[i] + " and second has size " + s2 + " in dim " + dimsOther[i]);
                }
                contracted *= s1;
            }
        }
        boolean[] c1 = dimSet(dimsSelf, self.dim());
        boolean[] c2 = dimSet(dimsOther, other.dim());
        long[] p1 = new long[self.dim()];
        long[] p2 = new long[other.dim()];
        long[] resultSizes = new long[self.dim() + other.dim() - 2 * dimsSelf.length];
        int k1 = 0;
        int k2 = 0;
        int r = 0;
        long size1 = 1;
        long size2 = 1;
        for (int i = 0; i < self.dim(); i++) {
            if (!c1[i]) {
                p1[k1++] = i;
                size1 *= t1.size(i);
                resultSizes[r++] = t1.size(i);
            }
        }
        for (long d : dimsSelf) {
            p1[k1++] = TensorGeometry.wrapDim(d, self.dim());
        }
        for (long d : dimsOther) {
            p2[k2++] = TensorGeometry.wrapDim(d, other.dim());
        }
        for (int i = 0; i < other.dim(); i++) {
            if (!c2[i]) {
                p2[k2++] = i;
                size2 *= t2.size(i);
                resultSizes[r++] = t2.size(i);
            }
        }
        Tensor a = t1.permute(p1).reshape(new long[] {size1, contracted});
        Tensor b = t2.permute(p2).reshape(new long[] {contracted, size2});
        return Torch.mm(a, b).reshape(resultSizes);
    }

    /** dim_list_to_bitset: each dim wrapped, none twice. */
    private static boolean[] dimSet(long[] dims, int nd) {
        boolean[] set = new boolean[nd];
        for (long d : dims) {
            int w = TensorGeometry.wrapDim(d, nd);
            if (set[w]) {
                throw new IllegalArgumentException("dim " + w + " appears multiple times in the list of dims");
            }
            set[w] = true;
        }
        return set;
    }

    /** The n-th forward difference along dim (logical xor for bools), after prepend and append are joined on. */
    @Override
    public Tensor diff(Tensor self, long n, long dim, Tensor prepend, Tensor append) {
        if (self.dim() < 1) {
            throw new IllegalArgumentException("diff expects input to be at least one-dimensional");
        }
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (n == 0) {
            return self.clone(); // 1.13 returns a copy of self for order 0, whatever prepend and append hold
        }
        Tensor input = self;
        if (prepend != null || append != null) {
            java.util.List<Tensor> parts = new java.util.ArrayList<>();
            for (Tensor t : new Tensor[] {prepend, self, append}) {
                if (t == null) {
                    continue;
                }
                if (t != self && t.dim() != self.dim()) {
                    throw new IllegalArgumentException(
                            "diff expects prepend or append to be the same dimension as input");
                }
                for (int i = 0; t != self && i < t.dim(); i++) {
                    if (t.size(i) != self.size(i) && i != d) {
                        throw new IllegalArgumentException("diff expects the shape of tensor to prepend or append to"
                                + " match that of input except along the differencing dimension; input.size(" + i
                                + ") = " + self.size(i) + ", but got tensor.size(" + i + ") = " + t.size(i));
                    }
                }
                parts.add(t);
            }
            input = Torch.cat(parts.toArray(new Tensor[0]), d);
        }
        long length = input.size(d); // a negative order returns the input itself, as 1.13's does
        long steps = Math.min(n, length);
        Tensor result = input;
        long outLength = length - 1;
        for (long i = 0; i < steps; i++) {
            Tensor later = result.narrow(d, 1, outLength);
            Tensor earlier = result.narrow(d, 0, outLength);
            result = input.dtype() == ScalarType.Bool ? Torch.logical_xor(later, earlier) : Torch.sub(later, earlier);
            outLength--;
        }
        return result;
    }

    /**
     * diff into out: order 0 copies self into an out of self's dtype; a higher order writes as sub_out (an out its
     * dtype casts to) or, for bools, as logical_xor_out (any out). A negative order fails where 1.13's out= kernel
     * fails, narrowing to more than the dim holds.
     */
    @Override
    public Tensor diff_out(Tensor self, long n, long dim, Tensor prepend, Tensor append, Tensor out) {
        Tensor result = Torch.diff(self, n, dim, prepend, append);
        if (n == 0) {
            if (out.dtype() != self.dtype()) {
                throw new IllegalArgumentException("expected scalar_type " + self.dtype().c10Name() + " but found "
                        + out.dtype().c10Name());
            }
            return ResultIntoOut.copy(result, out);
        }
        if (n < 0) {
            int d = TensorGeometry.wrapDim(dim, result.dim());
            result.narrow(d, 0, result.size(d) - n); // throws: ATen's out length is size - n
        }
        return result.dtype() == ScalarType.Bool ? ResultIntoOut.copy(result, out) : ResultIntoOut.castingCopy(result, out);
    }

    // ---------------------------------------------------------------- new_* factories

    @Override
    public Tensor new_zeros(Tensor self, long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return Torch.zeros(size, dtypeOr(self, dtype), layout, deviceOr(self, device), pinMemory);
    }

    @Override
    public Tensor new_ones(Tensor self, long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return Torch.ones(size, dtypeOr(self, dtype), layout, deviceOr(self, device), pinMemory);
    }

    @Override
    public Tensor new_full(Tensor self, long[] size, Scalar fillValue, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return Torch.full(size, fillValue, dtypeOr(self, dtype), layout, deviceOr(self, device), pinMemory);
    }

    @Override
    public Tensor new_empty(Tensor self, long[] size, ScalarType dtype, Layout layout, Device device, Boolean pinMemory) {
        return Torch.empty(size, dtypeOr(self, dtype), layout, deviceOr(self, device), pinMemory, null);
    }

    private static ScalarType dtypeOr(Tensor self, ScalarType dtype) {
        return dtype != null ? dtype : self.dtype();
    }

    private static Device deviceOr(Tensor self, Device device) {
        return device != null ? device : self.device();
    }
}
