package org.jitdispatch.kernels.ops;

import java.util.Arrays;
import java.util.BitSet;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.kernels.OpSupport;
import org.jitdispatch.kernels.iter.CastRules;
import org.jitdispatch.kernels.iter.ResultType;
import org.jitdispatch.kernels.structured.StructuredMeta;
import org.jitdispatch.kernels.structured.Warnings;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.MemoryFormat;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * Shapes and views (ATen's TensorShape.cpp). Views return a tensor over self's storage with other
 * sizes, strides and offset, and work on meta tensors as on CPU ones; the in-place view ops
 * (transpose_, squeeze_, unsqueeze_) change self's own geometry. reshape, flatten and narrow are
 * composites over view, clone and slice; cat is structured; stack is cat of unsqueezed inputs.
 */
public final class TensorShape implements TensorShapeDeclarations {
    // ---- view, reshape, flatten

    @Override
    public Tensor view(Tensor self, long[] size) {
        long[] g = new long[2 * size.length]; // the view's sizes, then its strides: its only allocation
        inferSizeInto(size, self.numel(), g);
        if (!computeStrideInto(self, g, size.length)) {
            throw new IllegalArgumentException("view size is not compatible with input tensor's size and stride (at least"
                    + " one dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
        }
        return self.asStridedOwning(g, self.storageOffset());
    }

    /** A view when the geometry allows one (what _reshape_alias makes), else a contiguous copy viewed. */
    @Override
    public Tensor reshape(Tensor self, long[] proposedShape) {
        long[] shape = inferSize(proposedShape, self.numel());
        if (computeStride(self.sizes(), self.strides(), shape) != null) {
            return self.view(shape);
        }
        return self.clone(MemoryFormat.Contiguous).view(shape);
    }

    @Override
    public Tensor flatten(Tensor self, long startDim, long endDim) {
        int nd = self.dim();
        int start = TensorGeometry.wrapDim(startDim, nd);
        int end = TensorGeometry.wrapDim(endDim, nd);
        if (start > end) {
            throw new IllegalArgumentException("flatten() has invalid args: start_dim cannot come after end_dim");
        }
        if (nd == 0) {
            return self.reshape(1);
        }
        if (start == end) {
            return self;
        }
        long[] sizes = self.sizes();
        long sliceNumel = 1;
        for (int d = start; d <= end; d++) {
            sliceNumel *= sizes[d];
        }
        long[] shape = new long[nd - (end - start)];
        System.arraycopy(sizes, 0, shape, 0, start);
        shape[start] = sliceNumel;
        System.arraycopy(sizes, end + 1, shape, start + 1, nd - end - 1);
        return self.reshape(shape);
    }

    /** {@code self.contiguous().view(-1)}, as 1.13 writes it: a view when self is contiguous, else a copy's. */
    @Override
    public Tensor ravel(Tensor self) {
        return self.contiguous().view(-1);
    }

    // ---- transpose, permute, expand

    /** A view with the same geometry; a new tensor object, so it carries no autograd history. */
    @Override
    public Tensor detach(Tensor self) {
        return self.asStridedOwning(self.geometry(), self.storageOffset());
    }

    @Override
    public Tensor transpose(Tensor self, long dim0, long dim1) {
        int nd = self.dim();
        int d0 = TensorGeometry.wrapDim(dim0, nd);
        int d1 = TensorGeometry.wrapDim(dim1, nd);
        long[] g = self.geometry();
        if (nd > 0) {
            swap(g, d0, d1);
            swap(g, nd + d0, nd + d1);
        }
        return self.asStridedOwning(g, self.storageOffset());
    }

    @Override
    public Tensor transpose_(Tensor self, long dim0, long dim1) {
        int nd = self.dim();
        int d0 = TensorGeometry.wrapDim(dim0, nd);
        int d1 = TensorGeometry.wrapDim(dim1, nd);
        if (d0 == d1) {
            self.versionCounter().bump(); // still a call of an in-place op, which PyTorch counts
            return self;
        }
        long[] sizes = self.sizes();
        long[] strides = self.strides();
        swap(sizes, d0, d1);
        swap(strides, d0, d1);
        self.setGeometry(sizes, strides, self.storageOffset());
        self.versionCounter().bump(); // an in-place metadata change is a write, as PyTorch counts it
        return self;
    }

    @Override
    public Tensor permute(Tensor self, long[] dims) {
        int nd = self.dim();
        if (nd != dims.length) {
            throw new IllegalArgumentException("permute(sparse_coo): number of dimensions in the tensor input does not"
                    + " match the length of the desired ordering of dimensions i.e. input.dim() = " + nd
                    + " is not equal to len(dims) = " + dims.length);
        }
        long[] g = new long[2 * nd];
        BitSet seen = nd > Long.SIZE ? new BitSet(nd) : null; // a mask in a long for the usual ranks
        long seenMask = 0;
        for (int i = 0; i < nd; i++) {
            int d = TensorGeometry.wrapDim(dims[i], nd);
            boolean duplicate = seen == null ? (seenMask & (1L << d)) != 0 : seen.get(d);
            if (duplicate) {
                throw new IllegalArgumentException("permute(): duplicate dims are not allowed.");
            }
            if (seen == null) {
                seenMask |= 1L << d;
            } else {
                seen.set(d);
            }
            g[i] = self.size(d);
            g[nd + i] = self.stride(d);
        }
        return self.asStridedOwning(g, self.storageOffset());
    }

    /** inferExpandGeometry: new leading dimensions and size-1 dimensions get stride 0; -1 keeps a size. */
    @Override
    public Tensor expand(Tensor self, long[] size, boolean implicit) {
        int nd = self.dim();
        if (size.length < nd) {
            throw new IllegalArgumentException("expand(" + legacyTypeName(self) + "{" + Arrays.toString(self.sizes())
                    + "}, size=" + Arrays.toString(size) + "): the number of sizes provided (" + size.length + ") must be"
                    + " greater or equal to the number of dimensions in the tensor (" + nd + ")");
        }
        int ndim = size.length;
        long[] g = new long[2 * ndim]; // sizes, then strides
        if (nd == 0) {
            System.arraycopy(size, 0, g, 0, ndim);
        } else {
            for (int i = ndim - 1; i >= 0; i--) {
                int dim = nd - 1 - (ndim - 1 - i);
                long sz = dim >= 0 ? self.size(dim) : 1;
                long stride = dim >= 0 ? self.stride(dim) : g[i + 1] * g[ndim + i + 1];
                long target = size[i];
                if (target == -1) {
                    if (dim < 0) {
                        throw new IllegalArgumentException("The expanded size of the tensor (-1) isn't allowed in a"
                                + " leading, non-existing dimension " + i);
                    }
                    target = sz;
                }
                if (sz != target) {
                    if (sz != 1) {
                        throw new IllegalArgumentException("The expanded size of the tensor (" + target + ") must match"
                                + " the existing size (" + sz + ") at non-singleton dimension " + i + ".  Target sizes: "
                                + Arrays.toString(size) + ".  Tensor sizes: " + Arrays.toString(self.sizes()));
                    }
                    sz = target;
                    stride = 0;
                }
                g[i] = sz;
                g[ndim + i] = stride;
            }
        }
        for (int i = 0; i < ndim; i++) {
            if (g[i] < 0) {
                // as_strided's numel of a negative size (c10's safe_multiply_u64)
                throw new IllegalArgumentException("numel: integer multiplication overflow");
            }
        }
        return self.asStridedOwning(g, self.storageOffset());
    }

    /**
     * What Tensor::toString() prints, after Python's rewriting of the legacy CPU type names:
     * {@code torch.FloatTensor}, but {@code CPUBoolType} and {@code MetaFloatType}.
     */
    static String legacyTypeName(TensorImpl t) {
        if (t.device().type() == DeviceType.CPU && t.dtype() != ScalarType.Bool) {
            return "torch." + t.dtype().c10Name() + "Tensor";
        }
        return t.device().type().backendKey().name() + t.dtype().c10Name() + "Type";
    }

    // ---- squeeze, unsqueeze

    @Override
    public Tensor squeeze(Tensor self) {
        return self.asStridedOwning(squeezeGeometry(self, -1), self.storageOffset());
    }

    @Override
    public Tensor squeeze(Tensor self, long dim) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (self.dim() == 0 || self.size(d) != 1) {
            return self.asStridedOwning(self.geometry(), self.storageOffset());
        }
        return self.asStridedOwning(squeezeGeometry(self, d), self.storageOffset());
    }

    @Override
    public Tensor squeeze_(Tensor self) {
        setGeometry(self, squeezeGeometry(self, -1));
        return self;
    }

    @Override
    public Tensor squeeze_(Tensor self, long dim) {
        int d = TensorGeometry.wrapDim(dim, self.dim());
        if (self.dim() == 0 || self.size(d) != 1) {
            self.versionCounter().bump(); // still a call of an in-place op, which PyTorch counts
            return self;
        }
        setGeometry(self, squeezeGeometry(self, d));
        return self;
    }

    /**
     * inferSqueezeGeometry, as sizes then strides: without {@code only} (-1) every size-1 dimension goes,
     * else dimension {@code only}.
     */
    private static long[] squeezeGeometry(TensorImpl t, int only) {
        int nd = t.dim();
        int kept = 0;
        for (int d = 0; d < nd; d++) {
            if (only < 0 ? t.size(d) != 1 : d != only) {
                kept++;
            }
        }
        long[] g = new long[2 * kept];
        int j = 0;
        for (int d = 0; d < nd; d++) {
            if (only < 0 ? t.size(d) != 1 : d != only) {
                g[j] = t.size(d);
                g[kept + j] = t.stride(d);
                j++;
            }
        }
        return g;
    }

    /**
     * Sets an in-place metadata op's result geometry (sizes then strides) on {@code self}, and counts it as
     * a write, as PyTorch does: a saved tensor reshaped in place fails at backward. These composite kernels
     * change self themselves, so no ADInplaceOrView kernel bumps the version for them.
     */
    private static void setGeometry(TensorImpl self, long[] g) {
        int nd = g.length / 2;
        self.setGeometry(Arrays.copyOf(g, nd), Arrays.copyOfRange(g, nd, 2 * nd), self.storageOffset());
        self.versionCounter().bump();
    }

    @Override
    public Tensor unsqueeze(Tensor self, long dim) {
        return self.asStridedOwning(unsqueezeGeometry(self, TensorGeometry.wrapDim(dim, self.dim() + 1)),
                self.storageOffset());
    }

    @Override
    public Tensor unsqueeze_(Tensor self, long dim) {
        setGeometry(self, unsqueezeGeometry(self, TensorGeometry.wrapDim(dim, self.dim() + 1)));
        return self;
    }

    /**
     * inferUnsqueezeGeometry, as sizes then strides: the new dimension's stride spans the dimension it
     * precedes (1 at the end).
     */
    private static long[] unsqueezeGeometry(TensorImpl t, int dim) {
        int nd = t.dim();
        long newStride = dim >= nd ? 1 : t.size(dim) * t.stride(dim);
        long[] g = new long[2 * (nd + 1)];
        for (int i = 0, j = 0; i <= nd; i++) {
            if (i == dim) {
                g[i] = 1;
                g[nd + 1 + i] = newStride;
            } else {
                g[i] = t.size(j);
                g[nd + 1 + i] = t.stride(j);
                j++;
            }
        }
        return g;
    }

    // ---- select, slice, narrow

    @Override
    public Tensor select(Tensor self, long dim, long index) {
        int nd = self.dim();
        if (nd == 0) {
            throw new IndexOutOfBoundsException("select() cannot be applied to a 0-dim tensor.");
        }
        int d = TensorGeometry.wrapDim(dim, nd);
        long size = self.size(d);
        if (index < -size || index >= size) {
            throw new IndexOutOfBoundsException("select(): index " + index + " out of range for tensor of size "
                    + Arrays.toString(self.sizes()) + " at dimension " + d);
        }
        long i = index < 0 ? index + size : index;
        long offset = self.storageOffset() + i * self.stride(d);
        long[] g = new long[2 * (nd - 1)]; // sizes, then strides, without dimension d
        for (int k = 0, j = 0; k < nd; k++) {
            if (k != d) {
                g[j] = self.size(k);
                g[nd - 1 + j] = self.stride(k);
                j++;
            }
        }
        return self.asStridedOwning(g, offset);
    }

    @Override
    public Tensor slice(Tensor self, long dim, Long start, Long end, long step) {
        int nd = self.dim();
        if (nd == 0) {
            throw new IndexOutOfBoundsException("slice() cannot be applied to a 0-dim tensor.");
        }
        int d = TensorGeometry.wrapDim(dim, nd);
        long[] g = self.geometry(); // sizes, then strides: the view's, once dimension d is sliced
        long size = g[d];
        long startVal = start != null ? start : 0;
        long endVal = end != null ? end : Long.MAX_VALUE;
        if (step <= 0) {
            throw new IllegalArgumentException("slice step must be positive");
        }
        if (startVal == Long.MAX_VALUE) {
            startVal = 0;
        }
        if (startVal < 0) {
            startVal += size;
        }
        if (endVal < 0) {
            endVal += size;
        }
        if (startVal < 0) {
            startVal = 0;
        } else if (startVal >= size) {
            startVal = size;
        }
        if (endVal < startVal) {
            endVal = startVal;
        } else if (endVal >= size) {
            endVal = size;
        }
        long offset = self.storageOffset() + startVal * g[nd + d];
        long len = endVal - startVal;
        g[d] = (len + step - 1) / step;
        g[nd + d] *= step;
        return self.asStridedOwning(g, offset);
    }

    /** as_strided_tensorimpl: any geometry over self's storage, which it must fit; the offset defaults to self's. */
    @Override
    public Tensor as_strided(Tensor self, long[] size, long[] stride, Long storageOffset) {
        if (size.length != stride.length) {
            throw new IllegalArgumentException("mismatch in length of strides and shape");
        }
        for (long s : stride) {
            if (s < 0) {
                throw new IllegalArgumentException("as_strided: Negative strides are not supported at the moment, got"
                        + " strides: " + Arrays.toString(stride));
            }
        }
        return (Tensor) self.asStrided(size, stride, storageOffset != null ? storageOffset : self.storageOffset());
    }

    @Override
    public Tensor narrow(Tensor self, long dim, long start, long length) {
        if (self.dim() == 0) {
            throw new IllegalArgumentException("narrow() cannot be applied to a 0-dim tensor.");
        }
        long curSize = self.size(TensorGeometry.wrapDim(dim, self.dim()));
        if (start != curSize) { // start being the end is valid, but not a valid dim specification
            start = TensorGeometry.wrapDim(start, (int) curSize);
        }
        if (!(length >= 0 && start <= curSize - length)) {
            throw new IllegalArgumentException("start (" + start + ") + length (" + length + ") exceeds dimension size ("
                    + curSize + ").");
        }
        return self.slice(dim, start, start + length, 1);
    }

    @Override
    public Tensor narrow(Tensor self, long dim, Tensor start, long length) {
        if (start.dim() != 0 || !start.dtype().isIntegral(false)) {
            throw new IllegalArgumentException("start must be an 0-dim integral Tensor.");
        }
        return self.narrow(dim, start.item().toLong(), length);
    }

    // ---- cat, stack

    /**
     * cat's meta (TORCH_PRECOMPUTE_META_FUNC(cat)): 1-D empty tensors are skipped (legacy behaviour), the
     * others must agree except in {@code dim}; the dtype is the inputs' promoted type (an out= tensor's
     * must be one it can be cast to); the output's memory format is the inputs' common one.
     */
    @Override
    public void meta_cat(StructuredMeta op, Tensor[] tensors, long dim) {
        for (int i = 0; i < tensors.length; i++) {
            if (tensors[i].dim() == 0) {
                throw new IllegalArgumentException("zero-dimensional tensor (at position " + i + ") cannot be concatenated");
            }
        }
        long d = legacyCatWrapDim(dim, tensors);
        if (tensors.length == 0) {
            throw new IllegalArgumentException("torch.cat(): expected a non-empty list of Tensors");
        }
        int valid = firstValid(tensors);
        MemoryFormat format = catMemoryFormat(tensors);
        TensorImpl out = op.maybeGetOutput(0);
        ScalarType outDtype = ResultType.resultType(tensors);
        if (out != null) {
            if (!CastRules.canCast(outDtype, out.dtype())) {
                throw new IllegalArgumentException("torch.cat(): input types can't be cast to the desired output type "
                        + out.dtype().c10Name());
            }
            outDtype = out.dtype();
        }
        long[] sizes = {0};
        Device device = tensors[0].device();
        if (valid < tensors.length) {
            Tensor first = tensors[valid];
            if (d > first.dim()) {
                throw new IllegalArgumentException("torch.cat(): dimension " + d + "out of range");
            }
            long sizeAtDim = 0;
            for (int i = 0; i < tensors.length; i++) {
                Tensor t = tensors[i];
                if (!skipInCat(t)) {
                    checkCatShapeExceptDim(first, t, (int) d, i);
                    sizeAtDim += t.size((int) d);
                }
            }
            sizes = first.sizes();
            sizes[(int) d] = sizeAtDim;
            device = first.device();
        }
        long[] strides = format == MemoryFormat.Contiguous ? null : MemoryFormats.strides(sizes, format);
        if (out != null && valid < tensors.length) {
            // the output as commit() will leave it: resized (contiguous or in the format) when its sizes differ
            MemOverlap.Region written = Arrays.equals(out.sizes(), sizes) ? MemOverlap.Region.of(out)
                    : new MemOverlap.Region(out, out.storage(), sizes,
                            strides != null ? strides : TensorGeometry.contiguousStrides(sizes), out.storageOffset());
            MemOverlap.assertNoInternalOverlap(written);
            for (Tensor t : tensors) {
                MemOverlap.assertNoOverlap(written, MemOverlap.Region.of(t));
            }
        }
        op.setOutputRawStrided(0, sizes, strides, outDtype, device);
    }

    /**
     * The default-backend kernel torchgen generates for a structured functional op (its
     * CompositeExplicitAutogradNonFunctional kernel): the meta allocates the output, then cat.out runs
     * through the dispatcher with the wrapped dim.
     */
    @Override
    public Tensor cat(Tensor[] tensors, long dim) {
        StructuredMeta op = StructuredMeta.functional(Tensor.FACTORY);
        meta_cat(op, tensors, dim);
        op.commit();
        return Torch.cat_out((Tensor) op.output(0), tensors, legacyCatWrapDim(dim, tensors));
    }

    /** cat's CPU impl: each non-skipped input copied, with dtype conversion, into its slice of out. */
    @Override
    public void cat_out_cpu(StructuredMeta op, Tensor[] tensors, long dim, Tensor out) {
        if (out.numel() == 0) {
            return;
        }
        int d = (int) legacyCatWrapDim(dim, tensors);
        long offset = 0;
        for (Tensor t : tensors) {
            if (skipInCat(t)) {
                continue;
            }
            long length = t.size(d);
            Copy.copyInto(Copy.narrowView(out, d, offset, length), t);
            offset += length;
        }
    }

    /** cat_should_skip_tensor: 1-D tensors of size 0, the only empty tensors old PyTorch had. */
    private static boolean skipInCat(TensorImpl t) {
        return t.dim() == 1 && t.numel() == 0;
    }

    private static int firstValid(Tensor[] tensors) {
        for (int i = 0; i < tensors.length; i++) {
            if (!skipInCat(tensors[i])) {
                return i;
            }
        }
        return tensors.length;
    }

    /** legacy_cat_wrap_dim: wrapped against the first tensor that is not skipped; unwrapped if there is none. */
    private static long legacyCatWrapDim(long dim, Tensor[] tensors) {
        for (Tensor t : tensors) {
            if (!skipInCat(t)) {
                return TensorGeometry.wrapDim(dim, t.dim());
            }
        }
        return dim;
    }

    /** cat_compute_output_memory_format: the format all inputs suggest, else contiguous. */
    private static MemoryFormat catMemoryFormat(Tensor[] tensors) {
        MemoryFormat format = null;
        for (Tensor t : tensors) {
            MemoryFormat f = MemoryFormats.suggest(t);
            if (f == MemoryFormat.Contiguous) {
                return f;
            }
            if (format != null && format != f) {
                return MemoryFormat.Contiguous;
            }
            format = f;
        }
        return format != null ? format : MemoryFormat.Contiguous;
    }

    private static void checkCatShapeExceptDim(TensorImpl first, TensorImpl second, int dimension, int index) {
        int firstDims = first.dim();
        int secondDims = second.dim();
        if (firstDims != secondDims) {
            throw new IllegalArgumentException("Tensors must have same number of dimensions: got " + firstDims + " and "
                    + secondDims);
        }
        for (int d = 0; d < firstDims; d++) {
            if (d == dimension) {
                continue;
            }
            long a = first.size(d);
            long b = second.size(d);
            if (a != b) {
                throw new IllegalArgumentException("Sizes of tensors must match except in dimension " + dimension
                        + ". Expected size " + a + " but got size " + b + " for tensor number " + index + " in the list.");
            }
        }
    }

    /** The device cat computes on: meta when any input is a meta tensor (its Meta kernel wins dispatch). */
    private static Device commonDevice(Tensor[] tensors) {
        for (Tensor t : tensors) {
            if (t.isMeta()) {
                return Device.META;
            }
        }
        return tensors[0].device();
    }

    /** cat along {@code dim} viewed with the new dimension, or cat of the unsqueezed inputs at the end. */
    @Override
    public Tensor stack(Tensor[] tensors, long dim) {
        if (tensors.length == 0) {
            throw new IllegalArgumentException("stack expects a non-empty TensorList");
        }
        int nd = tensors[0].dim();
        int wrapped = TensorGeometry.wrapDim(dim, nd + 1);
        if (wrapped < nd) {
            checkStackInputs(tensors);
            long[] resultSizes = insert(tensors[0].sizes(), wrapped, tensors.length);
            return Torch.cat(tensors, wrapped).view(resultSizes);
        }
        return Torch.cat(stackInputs(tensors, dim), dim);
    }

    /**
     * stack_out, with the checks cat would make against the resized out made first: PyTorch resizes out
     * before they run, so a failing call would leave it resized.
     */
    @Override
    public Tensor stack_out(Tensor[] tensors, long dim, Tensor out) {
        if (tensors.length == 0) {
            throw new IllegalArgumentException("stack expects a non-empty TensorList");
        }
        int nd = tensors[0].dim();
        int wrapped = TensorGeometry.wrapDim(dim, nd + 1);
        checkStackInputs(tensors);
        long[] resultSizes = insert(tensors[0].sizes(), wrapped, tensors.length);
        ScalarType dtype = ResultType.resultType(tensors);
        if (!CastRules.canCast(dtype, out.dtype())) {
            throw new IllegalArgumentException("torch.cat(): input types can't be cast to the desired output type "
                    + out.dtype().c10Name());
        }
        Device device = commonDevice(tensors);
        if (!device.equals(out.device())) {
            throw new IllegalArgumentException("Expected out tensor to have device " + device + ", but got " + out.device()
                    + " instead");
        }
        boolean resizes = !Arrays.equals(out.sizes(), resultSizes);
        MemOverlap.Region written = resizes ? new MemOverlap.Region(out, out.storage(), resultSizes,
                TensorGeometry.contiguousStrides(resultSizes), out.storageOffset()) : MemOverlap.Region.of(out);
        MemOverlap.assertNoInternalOverlap(written);
        for (Tensor t : tensors) {
            MemOverlap.assertNoOverlap(written, MemOverlap.Region.of(t));
        }
        OpSupport.checkWriteAllowed(out); // cat_out's autograd check, made before out is resized
        if (resizes) {
            // at::native::resize_output
            if (out.numel() != 0) {
                Warnings.warn("An output with one or more elements was resized since it had shape "
                        + Arrays.toString(out.sizes()) + ", which does not match the required output shape "
                        + Arrays.toString(resultSizes) + ". This behavior is deprecated, and in a future PyTorch release"
                        + " outputs will not be resized unless they have zero elements. You can explicitly reuse an out"
                        + " tensor t by resizing it, inplace, to zero elements with t.resize_(0).");
            }
            TensorFactories.resize(out, resultSizes);
        }
        if (wrapped < nd) {
            long[] catSizes = tensors[0].sizes();
            catSizes[wrapped] *= tensors.length;
            if (computeStride(out.sizes(), out.strides(), catSizes) != null) {
                Torch.cat_out(out.view(catSizes), tensors, wrapped);
                return out;
            }
        }
        Torch.cat_out(out, stackInputs(tensors, wrapped), dim);
        return out;
    }

    private static void checkStackInputs(Tensor[] tensors) {
        long[] entryShape = tensors[0].sizes();
        for (int i = 1; i < tensors.length; i++) {
            if (!Arrays.equals(tensors[i].sizes(), entryShape)) {
                throw new IllegalArgumentException("stack expects each tensor to be equal size, but got "
                        + Arrays.toString(entryShape) + " at entry 0 and " + Arrays.toString(tensors[i].sizes())
                        + " at entry " + i);
            }
        }
    }

    /** get_stack_inputs: every tensor unsqueezed at {@code dim}, after checking they have one shape. */
    private static Tensor[] stackInputs(Tensor[] tensors, long dim) {
        checkStackInputs(tensors);
        Tensor[] inputs = new Tensor[tensors.length];
        for (int i = 0; i < tensors.length; i++) {
            inputs[i] = tensors[i].unsqueeze(dim);
        }
        return inputs;
    }

    // ---- geometry helpers

    /**
     * PyTorch's infer_size: resolves a single -1 in a requested shape; a -1 cannot be resolved for a
     * tensor of 0 elements when the other sizes multiply to 0.
     */
    static long[] inferSize(long[] shape, long numel) {
        long[] out = new long[shape.length];
        inferSizeInto(shape, numel, out);
        return out;
    }

    /** {@link #inferSize}, written to {@code out[0, shape.length)}. */
    static void inferSizeInto(long[] shape, long numel, long[] out) {
        System.arraycopy(shape, 0, out, 0, shape.length);
        int inferred = -1;
        long newSize = 1;
        for (int i = 0; i < shape.length; i++) {
            if (out[i] == -1) {
                if (inferred >= 0) {
                    throw new IllegalArgumentException("only one dimension can be inferred");
                }
                inferred = i;
            } else if (out[i] >= 0) {
                newSize *= out[i];
            } else {
                throw new IllegalArgumentException("invalid shape dimension " + out[i]);
            }
        }
        if (numel == newSize || (inferred >= 0 && newSize > 0 && numel % newSize == 0)) {
            if (inferred >= 0) {
                if (newSize == 0) {
                    throw new IllegalArgumentException("cannot reshape tensor of 0 elements into shape "
                            + Arrays.toString(shape) + " because the unspecified dimension size -1 can be any value and"
                            + " is ambiguous");
                }
                out[inferred] = numel / newSize;
            }
            return;
        }
        throw new IllegalArgumentException("shape '" + Arrays.toString(shape) + "' is invalid for input of size " + numel);
    }

    /**
     * Strides that let a tensor of {@code oldSizes}/{@code oldStrides} be viewed as {@code newSizes}, or null
     * when no view exists (PyTorch's computeStride): dimensions are grouped into chunks that are contiguous
     * with respect to each other, and each chunk must map onto whole new dimensions.
     */
    static long[] computeStride(long[] oldSizes, long[] oldStrides, long[] newSizes) {
        long[] newStrides = new long[newSizes.length];
        if (oldSizes.length == 0) {
            Arrays.fill(newStrides, 1);
            return newStrides;
        }
        if (TensorGeometry.numel(oldSizes) == 0) {
            if (Arrays.equals(oldSizes, newSizes)) {
                return oldStrides.clone();
            }
            return TensorGeometry.contiguousStrides(newSizes);
        }
        int viewD = newSizes.length - 1;
        long chunkBaseStride = oldStrides[oldStrides.length - 1];
        long tensorNumel = 1;
        long viewNumel = 1;
        for (int tensorD = oldSizes.length - 1; tensorD >= 0; tensorD--) {
            tensorNumel *= oldSizes[tensorD];
            if (tensorD == 0 || (oldSizes[tensorD - 1] != 1 && oldStrides[tensorD - 1] != tensorNumel * chunkBaseStride)) {
                while (viewD >= 0 && (viewNumel < tensorNumel || newSizes[viewD] == 1)) {
                    newStrides[viewD] = viewNumel * chunkBaseStride;
                    viewNumel *= newSizes[viewD];
                    viewD--;
                }
                if (viewNumel != tensorNumel) {
                    return null;
                }
                if (tensorD > 0) {
                    chunkBaseStride = oldStrides[tensorD - 1];
                    tensorNumel = 1;
                    viewNumel = 1;
                }
            }
        }
        return viewD == -1 ? newStrides : null;
    }

    /**
     * {@link #computeStride} of {@code self} viewed as the sizes in {@code g[0, n)}, written to
     * {@code g[n, 2n)}, reading self's geometry in place; false when no view exists.
     */
    static boolean computeStrideInto(TensorImpl self, long[] g, int n) {
        int oldNd = self.dim();
        if (oldNd == 0) {
            Arrays.fill(g, n, 2 * n, 1);
            return true;
        }
        if (self.numel() == 0) {
            long[] newSizes = Arrays.copyOf(g, n);
            long[] strides = self.hasSizes(newSizes) ? self.strides() : TensorGeometry.contiguousStrides(newSizes);
            System.arraycopy(strides, 0, g, n, n);
            return true;
        }
        int viewD = n - 1;
        long chunkBaseStride = self.stride(oldNd - 1);
        long tensorNumel = 1;
        long viewNumel = 1;
        for (int tensorD = oldNd - 1; tensorD >= 0; tensorD--) {
            tensorNumel *= self.size(tensorD);
            if (tensorD == 0 || (self.size(tensorD - 1) != 1 && self.stride(tensorD - 1) != tensorNumel * chunkBaseStride)) {
                while (viewD >= 0 && (viewNumel < tensorNumel || g[viewD] == 1)) {
                    g[n + viewD] = viewNumel * chunkBaseStride;
                    viewNumel *= g[viewD];
                    viewD--;
                }
                if (viewNumel != tensorNumel) {
                    return false;
                }
                if (tensorD > 0) {
                    chunkBaseStride = self.stride(tensorD - 1);
                    tensorNumel = 1;
                    viewNumel = 1;
                }
            }
        }
        return viewD == -1;
    }

    private static long[] insert(long[] a, int i, long value) {
        long[] out = new long[a.length + 1];
        System.arraycopy(a, 0, out, 0, i);
        out[i] = value;
        System.arraycopy(a, i, out, i + 1, a.length - i);
        return out;
    }

    private static void swap(long[] a, int i, int j) {
        long t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
