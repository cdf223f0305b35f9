package org.jitdispatch.runtime;

import java.util.Arrays;
import java.util.Objects;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;

/**
 * A tensor's storage and metadata (c10's TensorImpl): dtype, device, sizes, strides, storage offset and
 * the dispatch keys the dispatcher reads. The user-facing {@code Tensor} of the kernels module extends
 * this class with the generated operator methods, the way ATen's Tensor sits on c10's TensorImpl.
 *
 * <p>Views share the storage of their base. Meta tensors have sizes, strides and dtype but no storage.
 * Metadata setters exist for kernels (out= resizing, in-place metadata ops); user code treats a tensor's
 * metadata as read-only.
 */
public class TensorImpl {
    /** The geometry of every 0-dim tensor: no sizes, no strides (never written, so shared). */
    private static final long[] SCALAR_GEOMETRY = new long[0];

    private Storage storage;
    private final ScalarType dtype;
    private final Device device;
    /**
     * Sizes, then strides: {@code [s0 .. s(n-1), t0 .. t(n-1)]} for an n-dim tensor. One array instead of
     * two saves an object per tensor and per view. Never written after it is set (setGeometry replaces it),
     * so tensors may share one: a fast path's result shares its input's.
     */
    private long[] geometry;
    private long storageOffset;
    private long numel;
    /** c10's is_contiguous_, cached because fast paths ask on every call. */
    private boolean contiguous;
    /** Whether the strides are exactly {@code contiguousStrides(sizes)} (also for size-1 dimensions). */
    private boolean defaultStrides;
    /** c10's is_wrapped_number: a 0-dim tensor standing for a Python number in type promotion. */
    private boolean wrappedNumber;
    /** Raw {@link DispatchKeySet} bits; read on every dispatch, so a plain field. */
    private long keySet;
    /** Shared with every view of the same data. */
    private VersionCounter versionCounter;
    /** Autograd's per-tensor state, owned by the autograd layer above the runtime (null when never used). */
    private Object autogradMeta;
    /**
     * For the autograd layer: the tensor whose data this one shares as the result of a differentiable view
     * operator, followed to the root (PyTorch's {@code _base}), or null when this tensor is no such view. Kept
     * here rather than in {@link #autogradMeta} so that a view of a tensor without autograd state records
     * its base without allocating any.
     */
    private TensorImpl viewBase;
    /** For the autograd layer: how the view was made (its CreationMeta), meaningful while {@link #viewBase} is set. */
    private byte viewCreationMeta;
    /** An external backend's per-tensor state (a lazy tensor's graph node, say); null for CPU and Meta. */
    private Object backendData;

    /**
     * A tensor over {@code storage}: CPU tensors have one, Meta tensors have none, and an external
     * backend's tensors may have either (a lazy tensor has none: its data is computed when read). The
     * view must fit in the storage.
     */
    public TensorImpl(Storage storage, ScalarType dtype, Device device, long[] sizes, long[] strides, long storageOffset) {
        this.dtype = Objects.requireNonNull(dtype, "dtype");
        this.device = Objects.requireNonNull(device, "device");
        if (storage != null && device.type() == DeviceType.Meta) {
            throw new IllegalArgumentException("Meta tensors have no storage");
        }
        if (storage == null && device.type() == DeviceType.CPU) {
            throw new IllegalArgumentException("A " + device + " tensor needs a storage");
        }
        if (storage != null && storage.dtype() != dtype) {
            throw new IllegalArgumentException("Storage of " + storage.dtype() + " cannot back a " + dtype + " tensor");
        }
        this.storage = storage;
        this.keySet = device.type().backendKey().bit();
        this.versionCounter = new VersionCounter();
        setGeometry(sizes, strides, storageOffset);
    }

    /**
     * A new contiguous tensor with the sizes of {@code like}, on its device, over {@code storage} (which
     * holds at least {@code like.numel()} elements of {@code dtype}): what a fast path allocates for its
     * result. The geometry array is shared with {@code like} when its strides are the default ones, and
     * nothing is checked again that {@code like} already satisfies.
     */
    protected TensorImpl(TensorImpl like, Storage storage, ScalarType dtype) {
        this.storage = storage;
        this.dtype = dtype;
        this.device = like.device;
        this.keySet = device.type().backendKey().bit();
        this.versionCounter = new VersionCounter();
        this.geometry = like.defaultStrides ? like.geometry : contiguousGeometry(like.geometry, like.dim());
        this.numel = like.numel;
        this.contiguous = true;
        this.defaultStrides = true;
    }

    /**
     * A new contiguous CPU tensor of {@code sizes} over {@code storage} (which holds at least as many
     * elements, of {@code storage.dtype()}): what a fast path allocates for a result of a new shape. The
     * sizes must be valid (non-negative); nothing is checked again. A 0-dim result allocates no geometry.
     */
    protected TensorImpl(Storage storage, long[] sizes) {
        this.storage = storage;
        this.dtype = storage.dtype();
        this.device = Device.CPU;
        this.keySet = DeviceType.CPU.backendKey().bit();
        this.versionCounter = new VersionCounter();
        this.geometry = sizes.length == 0 ? SCALAR_GEOMETRY : contiguousGeometry(sizes, sizes.length);
        this.numel = TensorGeometry.numel(sizes);
        this.contiguous = true;
        this.defaultStrides = true;
    }

    /**
     * A view of {@code base}'s data with {@code geometry} (sizes then strides, taken over, not copied) at
     * {@code storageOffset}, sharing its storage and version counter. Checked by {@link #asStrided}.
     */
    protected TensorImpl(TensorImpl base, long[] geometry, long storageOffset) {
        this.storage = base.storage;
        this.dtype = base.dtype;
        this.device = base.device;
        this.keySet = device.type().backendKey().bit();
        this.versionCounter = base.versionCounter;
        adoptGeometry(geometry, storageOffset);
    }

    // ---- metadata ----

    public final ScalarType dtype() {
        return dtype;
    }

    public final Device device() {
        return device;
    }

    public final boolean isMeta() {
        return device.type() == DeviceType.Meta;
    }

    public final int dim() {
        return geometry.length >>> 1;
    }

    /** A copy of the sizes. */
    public final long[] sizes() {
        return Arrays.copyOf(geometry, dim());
    }

    /** A copy of the strides. */
    public final long[] strides() {
        return Arrays.copyOfRange(geometry, dim(), geometry.length);
    }

    /**
     * A copy of the sizes followed by the strides ({@code 2 * dim()} values): what a view kernel edits and
     * hands to {@link #asStridedOwning}, with one allocation for both.
     */
    public final long[] geometry() {
        return geometry.clone();
    }

    public final long size(int dim) {
        return geometry[checkedDim(dim)];
    }

    public final long stride(int dim) {
        return geometry[dim() + checkedDim(dim)];
    }

    private int checkedDim(int dim) {
        int nd = dim();
        if (nd == 0) {
            throw new IndexOutOfBoundsException("Dimension specified as " + dim + " but tensor has no dimensions");
        }
        return TensorGeometry.wrapDim(dim, nd);
    }

    public final long storageOffset() {
        return storageOffset;
    }

    public final long numel() {
        return numel;
    }

    public final boolean isContiguous() {
        return contiguous;
    }

    /**
     * Whether the strides are the row-major ones {@code empty(sizes)} gets, size-1 dimensions included
     * (stricter than {@link #isContiguous()}, which lets size-1 dimensions have any stride).
     */
    public final boolean hasDefaultStrides() {
        return defaultStrides;
    }

    /** Whether both tensors have the same sizes (without copying either). */
    public final boolean sameSizes(TensorImpl other) {
        int nd = dim();
        return nd == other.dim() && Arrays.equals(geometry, 0, nd, other.geometry, 0, nd);
    }

    /** Whether the sizes are exactly {@code sizes} (without copying them). */
    public final boolean hasSizes(long[] sizes) {
        return Arrays.equals(geometry, 0, dim(), sizes, 0, sizes.length);
    }

    /** The storage, shared with views; null for meta tensors. */
    public final Storage storage() {
        return storage;
    }

    /** The dispatch keys of this tensor as raw bits (read by the dispatcher on every call). */
    public final long keySetBits() {
        return keySet;
    }

    public final DispatchKeySet keySet() {
        return DispatchKeySet.fromRaw(keySet);
    }

    /** Adds or removes a non-backend key (e.g. the Autograd key when the tensor starts requiring grad). */
    public final void setKeyPresent(DispatchKey key, boolean present) {
        if (!key.isRuntime() || key.isBackend()) {
            throw new IllegalArgumentException("A tensor's backend key follows its device; cannot set " + key);
        }
        keySet = present ? keySet | key.bit() : keySet & ~key.bit();
    }

    /**
     * Whether this 0-dim tensor stands for a number rather than a tensor (c10's is_wrapped_number): type
     * promotion gives it the lowest priority, below dimensioned and 0-dim tensors.
     */
    public final boolean isWrappedNumber() {
        return wrappedNumber;
    }

    /** Marks a 0-dim tensor as a wrapped number (see {@link #isWrappedNumber()}). */
    public final void setWrappedNumber(boolean value) {
        if (value && dim() != 0) {
            throw new IllegalArgumentException("Only 0-dim tensors can be wrapped numbers, not one of sizes "
                    + Arrays.toString(sizes()));
        }
        wrappedNumber = value;
    }

    /** The in-place modification counter, shared with views. */
    public final VersionCounter versionCounter() {
        return versionCounter;
    }

    /** The version of this tensor's data (bumped by every in-place modification of it or a view of it). */
    public final int version() {
        return versionCounter.current();
    }

    /**
     * For a kernel that filled a tensor it has just made through in-place operators (clone's copy_, zeros'
     * zero_): those writes are not counted, so the result starts at version 0 as in PyTorch, whose kernels
     * make such writes below the ADInplaceOrView key. Only for a tensor that no view, saved tensor or caller
     * shares yet.
     */
    public final void forgetKernelWrites() {
        versionCounter.reset();
    }

    /** Opaque slot for autograd's per-tensor state (c10's autograd_meta); the runtime never reads it. */
    public final Object autogradMeta() {
        return autogradMeta;
    }

    public final void setAutogradMeta(Object meta) {
        autogradMeta = meta;
    }

    /** The root base of this view (see {@link #setViewBase}), or null when it is no autograd view. */
    public final TensorImpl viewBase() {
        return viewBase;
    }

    /** The autograd layer's creation code of this view, set with its base. */
    public final byte viewCreationMeta() {
        return viewCreationMeta;
    }

    /**
     * Records, for the autograd layer, that this tensor is a view of {@code root} (which is no view itself),
     * made the way {@code creationMeta} says; a null root makes it no view. The runtime never reads either.
     */
    public final void setViewBase(TensorImpl root, byte creationMeta) {
        viewBase = root;
        viewCreationMeta = creationMeta;
    }

    /** The external backend's state of this tensor, or null; see {@link #setBackendData}. */
    public final Object backendData() {
        return backendData;
    }

    /**
     * Attaches an external backend's state (c10 keeps it in a TensorImpl subclass, such as LTCTensorImpl;
     * here the generated Tensor class is final, so backends hang their state on this slot).
     */
    public final void setBackendData(Object data) {
        backendData = data;
    }

    // ---- metadata changes, for kernels ----

    /**
     * Replaces sizes, strides and offset (e.g. resizing an out= tensor); grows the storage when the new
     * geometry needs more elements, keeping existing contents.
     */
    public final void setGeometry(long[] newSizes, long[] newStrides, long newOffset) {
        long[] g = checkedGeometry(newSizes, newStrides, newOffset);
        if (storage != null) {
            storage.ensureCapacity(requiredStorageSize(g, newOffset));
        }
        adoptGeometry(g, newOffset);
    }

    /** Resizes to contiguous {@code newSizes}, as c10's resize_ (storage grows, never shrinks). */
    public final void resize(long[] newSizes) {
        setGeometry(newSizes, TensorGeometry.contiguousStrides(newSizes), storageOffset);
    }

    /** Sizes and strides as one new geometry array, after c10's checks of both. */
    private static long[] checkedGeometry(long[] sizes, long[] strides, long offset) {
        Objects.requireNonNull(sizes, "sizes");
        Objects.requireNonNull(strides, "strides");
        if (sizes.length != strides.length) {
            throw new IllegalArgumentException("sizes " + Arrays.toString(sizes) + " and strides "
                    + Arrays.toString(strides) + " have different lengths");
        }
        TensorGeometry.checkSizes("TensorImpl", sizes);
        if (offset < 0) {
            throw new IllegalArgumentException("Tensor: invalid storage offset " + offset);
        }
        int nd = sizes.length;
        if (nd == 0) {
            return SCALAR_GEOMETRY;
        }
        long[] g = new long[2 * nd];
        System.arraycopy(sizes, 0, g, 0, nd);
        System.arraycopy(strides, 0, g, nd, nd);
        checkFits(g, offset);
        return g;
    }

    /**
     * c10's overflow checks of a new geometry (sizes already non-negative), made before anything changes:
     * numel must fit in 64 bits (safe_compute_numel, in order, an overflow sticking past a later size 0),
     * and so must the storage size the strides reach (computeStorageNbytes).
     */
    private static void checkFits(long[] g, long offset) {
        int nd = g.length >>> 1;
        long numel = 1;
        boolean overflowed = false;
        for (int d = 0; d < nd; d++) {
            overflowed |= Math.multiplyHigh(numel, g[d]) != 0;
            numel *= g[d];
            overflowed |= numel < 0;
        }
        if (overflowed) {
            throw new IllegalArgumentException("numel: integer multiplication overflow");
        }
        if (numel == 0) {
            return;
        }
        long last = offset;
        for (int d = 0; d < nd; d++) {
            long reach = (g[d] - 1) * g[nd + d];
            overflowed |= Math.multiplyHigh(g[d] - 1, g[nd + d]) != (reach >> 63);
            long sum = last + reach;
            overflowed |= ((last ^ sum) & (reach ^ sum)) < 0;
            last = sum;
        }
        if (overflowed || last == Long.MAX_VALUE) {
            throw new IllegalArgumentException("Storage size calculation overflowed with sizes="
                    + Arrays.toString(Arrays.copyOf(g, nd)) + " and strides=" + Arrays.toString(Arrays.copyOfRange(g, nd, 2 * nd)));
        }
    }

    /** Takes {@code g} as this tensor's geometry and derives numel and the contiguity flags from it. */
    private void adoptGeometry(long[] g, long offset) {
        int nd = g.length >>> 1;
        long n = 1;
        boolean empty = false;
        boolean dense = true;
        boolean exact = true;
        long expected = 1;
        for (int d = nd - 1; d >= 0; d--) {
            long size = g[d];
            long stride = g[nd + d];
            n *= size;
            empty |= size == 0;
            exact &= stride == expected;
            if (size != 1) {
                dense &= stride == expected;
            }
            expected *= Math.max(size, 1);
        }
        this.geometry = g;
        this.storageOffset = offset;
        this.numel = n;
        this.contiguous = empty || dense;
        this.defaultStrides = exact;
    }

    /** Sizes copied from {@code sizes[0, nd)}, followed by their row-major strides. */
    private static long[] contiguousGeometry(long[] sizes, int nd) {
        long[] g = new long[2 * nd];
        long running = 1;
        for (int d = nd - 1; d >= 0; d--) {
            g[d] = sizes[d];
            g[nd + d] = running;
            running *= Math.max(sizes[d], 1);
        }
        return g;
    }

    /** One past the furthest storage element that {@code g} at {@code offset} reaches (0 when empty). */
    private static long requiredStorageSize(long[] g, long offset) {
        int nd = g.length >>> 1;
        long last = offset;
        for (int d = 0; d < nd; d++) {
            if (g[d] == 0) {
                return 0;
            }
            last += (g[d] - 1) * g[nd + d];
        }
        return last + 1;
    }

    // ---- views ----

    /**
     * A view of the same storage with other sizes, strides and offset. Subclasses return their own type
     * by overriding {@link #makeView}.
     */
    public TensorImpl asStrided(long[] viewSizes, long[] viewStrides, long viewOffset) {
        return asStridedOwning(checkedGeometry(viewSizes, viewStrides, viewOffset), viewOffset);
    }

    /**
     * As {@link #asStrided}, with the view's sizes and strides in one array (see {@link #geometry()}) that
     * the view takes over: the caller builds it for this call and never writes it again. View kernels use
     * this to allocate nothing but the view and its geometry.
     */
    public TensorImpl asStridedOwning(long[] viewGeometry, long viewOffset) {
        if ((viewGeometry.length & 1) != 0) {
            throw new IllegalArgumentException("a geometry holds sizes and strides, so has an even length, not "
                    + viewGeometry.length);
        }
        int nd = viewGeometry.length >>> 1;
        for (int d = 0; d < nd; d++) {
            if (viewGeometry[d] < 0) {
                TensorGeometry.checkSizes("TensorImpl", Arrays.copyOf(viewGeometry, nd));
            }
        }
        if (viewOffset < 0) {
            throw new IllegalArgumentException("Tensor: invalid storage offset " + viewOffset);
        }
        checkFits(viewGeometry, viewOffset);
        if (storage != null) {
            long need = requiredStorageSize(viewGeometry, viewOffset);
            if (need > storage.size()) {
                throw new IllegalArgumentException("setStorage: sizes " + Arrays.toString(Arrays.copyOf(viewGeometry, nd))
                        + ", strides " + Arrays.toString(Arrays.copyOfRange(viewGeometry, nd, 2 * nd))
                        + ", storage offset " + viewOffset + " require a storage of at least " + need
                        + " elements, but the storage has " + storage.size());
            }
        }
        TensorImpl view = makeView(nd == 0 ? SCALAR_GEOMETRY : viewGeometry, viewOffset);
        if (backendData instanceof BackendData data) {
            view.backendData = data.viewOf(this, view);
        }
        return view;
    }

    /**
     * Creates the view object over {@code viewGeometry} (checked, and the view's own); the kernels' Tensor
     * overrides this so that views are Tensors, calling {@link #TensorImpl(TensorImpl, long[], long)}.
     */
    protected TensorImpl makeView(long[] viewGeometry, long viewOffset) {
        return new TensorImpl(this, viewGeometry, viewOffset);
    }

    // ---- reading data ----

    /** Storage index of the element at {@code index} (one entry per dim). */
    public final long offsetOf(long... index) {
        int nd = dim();
        if (index.length != nd) {
            throw new IllegalArgumentException("expected " + nd + " indices, got " + index.length);
        }
        long off = storageOffset;
        for (int d = 0; d < index.length; d++) {
            if (index[d] < 0 || index[d] >= geometry[d]) {
                throw new IndexOutOfBoundsException("index " + index[d] + " is out of bounds for dimension " + d
                        + " with size " + geometry[d]);
            }
            off += index[d] * geometry[nd + d];
        }
        return off;
    }

    /** Storage indices of every element in row-major logical order (follows strides, so works on views). */
    public final long[] elementOffsets() {
        checkHasData("elementOffsets");
        return TensorGeometry.elementOffsets(sizes(), strides(), storageOffset);
    }

    public final double[] toDoubleArray() {
        try {
            TensorImpl t = readable("toDoubleArray");
            if (t.isContiguous()) {
                return t.contiguousDoubles();
            }
            long[] offs = t.elementOffsets();
            double[] out = new double[offs.length];
            for (int i = 0; i < offs.length; i++) {
                out[i] = t.storage.getDouble(offs[i]);
            }
            return out;
        } catch (OutOfMemoryError e) {
            // the copy and its element offsets: refused with the allocator's message, as a storage is
            throw Storage.notEnoughMemory(numel * 8L);
        }
    }

    /** A contiguous tensor's values as doubles: one typed loop (or a copy) rather than a read per element. */
    private double[] contiguousDoubles() {
        int n = Math.toIntExact(numel);
        if (n == 0) {
            return new double[0]; // a view without elements may start past its storage's end
        }
        int at = (int) storageOffset;
        double[] out = new double[n];
        Object data = storage.data();
        if (data instanceof double[] d) {
            System.arraycopy(d, at, out, 0, n);
        } else if (data instanceof float[] f) {
            for (int i = 0; i < n; i++) {
                out[i] = f[at + i];
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[i] = storage.getDouble(at + i);
            }
        }
        return out;
    }

    public final float[] toFloatArray() {
        try {
            TensorImpl t = readable("toFloatArray");
            long[] offs = t.elementOffsets();
            float[] out = new float[offs.length];
            for (int i = 0; i < offs.length; i++) {
                out[i] = (float) t.storage.getDouble(offs[i]);
            }
            return out;
        } catch (OutOfMemoryError e) {
            // the copy and its element offsets: refused with the allocator's message, as a storage is
            throw Storage.notEnoughMemory(numel * 4L);
        }
    }

    public final long[] toLongArray() {
        try {
            TensorImpl t = readable("toLongArray");
            long[] offs = t.elementOffsets();
            long[] out = new long[offs.length];
            for (int i = 0; i < offs.length; i++) {
                out[i] = t.storage.getLong(offs[i]);
            }
            return out;
        } catch (OutOfMemoryError e) {
            // the copy and its element offsets: refused with the allocator's message, as a storage is
            throw Storage.notEnoughMemory(numel * 8L);
        }
    }

    public final int[] toIntArray() {
        try {
            TensorImpl t = readable("toIntArray");
            long[] offs = t.elementOffsets();
            int[] out = new int[offs.length];
            for (int i = 0; i < offs.length; i++) {
                out[i] = (int) t.storage.getLong(offs[i]);
            }
            return out;
        } catch (OutOfMemoryError e) {
            // the copy and its element offsets: refused with the allocator's message, as a storage is
            throw Storage.notEnoughMemory(numel * 4L);
        }
    }

    public final boolean[] toBooleanArray() {
        try {
            TensorImpl t = readable("toBooleanArray");
            long[] offs = t.elementOffsets();
            boolean[] out = new boolean[offs.length];
            for (int i = 0; i < offs.length; i++) {
                out[i] = t.storage.getBoolean(offs[i]);
            }
            return out;
        } catch (OutOfMemoryError e) {
            // the copy and its element offsets: refused with the allocator's message, as a storage is
            throw Storage.notEnoughMemory(numel * 1L);
        }
    }

    /**
     * The values as nested lists, one level per dim ({@code Tensor.tolist()}): a 0-dim tensor gives its value
     * alone. Elements are {@code Double} for floating dtypes (a float32 value widened exactly), {@code Long} for
     * integer dtypes and {@code Boolean} for bool.
     */
    public final Object tolist() {
        return TensorLists.of(readable("tolist()"));
    }

    /** The single element as a Scalar of this tensor's category (PyTorch's item()). */
    public final Scalar item() {
        if (numel != 1) {
            throw new IllegalStateException("a Tensor with " + numel + " elements cannot be converted to Scalar");
        }
        TensorImpl t = readable("item()");
        long off = t.storageOffset; // the one element sits there, whatever the strides
        switch (dtype.category()) {
            case BOOLEAN: return Scalar.of(t.storage.getBoolean(off));
            case INTEGRAL: return Scalar.of(t.storage.getLong(off));
            default: return Scalar.of(t.storage.getDouble(off));
        }
    }

    /** This tensor if it has a storage, else its backend's CPU copy of it; an error for meta tensors. */
    private TensorImpl readable(String what) {
        if (storage == null && backendData instanceof BackendData data) {
            TensorImpl cpu = data.readOnCpu(this);
            if (cpu.storage == null || !cpu.sameSizes(this)) {
                // the device and sizes say what went wrong; the values, which may span many lines, would not
                throw new IllegalStateException("the " + device + " backend read a tensor of sizes " + Arrays.toString(sizes())
                        + " as a " + cpu.device() + " tensor of sizes " + Arrays.toString(cpu.sizes()));
            }
            return cpu;
        }
        checkHasData(what);
        return this;
    }

    private void checkHasData(String what) {
        if (storage == null && isMeta()) {
            throw new UnsupportedOperationException("Cannot read the data of a meta tensor (" + what
                    + "): meta tensors have sizes, strides and dtype but no data");
        }
        if (storage == null) {
            throw new UnsupportedOperationException("Cannot read the data of a " + device + " tensor directly (" + what
                    + "): its backend keeps it; move it to the CPU first with .cpu() or .to(Device.CPU)");
        }
    }

    /**
     * PyTorch's {@code repr(tensor)} with its default print options: {@code tensor([[0.0900, 0.2447]])},
     * {@code tensor(15)}, {@code tensor([1, 2], dtype=torch.int32)}; meta tensors, and tensors of an external
     * backend that keeps their data, print only their metadata (see {@link TensorFormatter}).
     */
    @Override
    public String toString() {
        return TensorFormatter.format(this, autogradSuffix());
    }

    /**
     * The autograd part of {@link #toString()}: {@code grad_fn=<AddBackward0>} or {@code requires_grad=True},
     * or null for none. The runtime knows no autograd state, so the autograd layer above it overrides this.
     */
    protected String autogradSuffix() {
        return null;
    }
}
