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
    private Storage storage;
    private final ScalarType dtype;
    private final Device device;
    private long[] sizes;
    private long[] strides;
    private long storageOffset;
    private long numel;
    /** c10's is_contiguous_, cached because fast paths ask on every call. */
    private boolean contiguous;
    /** Whether {@link #strides} are exactly {@code contiguousStrides(sizes)} (also for size-1 dimensions). */
    private boolean defaultStrides;
    /** Raw {@link DispatchKeySet} bits; read on every dispatch, so a plain field. */
    private long keySet;
    /** c10's is_wrapped_number: a 0-dim tensor standing for a Python number in type promotion. */
    private boolean wrappedNumber;
    /** Shared with every view of the same data. */
    private VersionCounter versionCounter = new VersionCounter();
    /** Autograd's per-tensor state, owned by the autograd layer above the runtime (null when never used). */
    private Object autogradMeta;
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
        setGeometry(sizes, strides, storageOffset);
    }

    /**
     * A new contiguous tensor with the sizes of {@code like}, on its device, over {@code storage} (which
     * holds at least {@code like.numel()} elements of {@code dtype}): what a fast path allocates for its
     * result. Sizes and strides arrays are never written after construction, so they are shared with
     * {@code like} instead of copied, and nothing is checked again that {@code like} already satisfies.
     */
    protected TensorImpl(TensorImpl like, Storage storage, ScalarType dtype) {
        this.storage = storage;
        this.dtype = dtype;
        this.device = like.device;
        this.keySet = device.type().backendKey().bit();
        this.sizes = like.sizes;
        this.strides = like.defaultStrides ? like.strides : TensorGeometry.contiguousStrides(like.sizes);
        this.numel = like.numel;
        this.contiguous = true;
        this.defaultStrides = true;
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
        return sizes.length;
    }

    /** A copy of the sizes. */
    public final long[] sizes() {
        return sizes.clone();
    }

    /** A copy of the strides. */
    public final long[] strides() {
        return strides.clone();
    }

    public final long size(int dim) {
        return sizes[checkedDim(dim)];
    }

    public final long stride(int dim) {
        return strides[checkedDim(dim)];
    }

    private int checkedDim(int dim) {
        if (sizes.length == 0) {
            throw new IndexOutOfBoundsException("Dimension specified as " + dim + " but tensor has no dimensions");
        }
        return TensorGeometry.wrapDim(dim, sizes.length);
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
        return Arrays.equals(sizes, other.sizes);
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
        if (value && sizes.length != 0) {
            throw new IllegalArgumentException("Only 0-dim tensors can be wrapped numbers, not one of sizes "
                    + Arrays.toString(sizes));
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

    /** Opaque slot for autograd's per-tensor state (c10's autograd_meta); the runtime never reads it. */
    public final Object autogradMeta() {
        return autogradMeta;
    }

    public final void setAutogradMeta(Object meta) {
        autogradMeta = meta;
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
        Objects.requireNonNull(newSizes, "sizes");
        Objects.requireNonNull(newStrides, "strides");
        if (newSizes.length != newStrides.length) {
            throw new IllegalArgumentException("sizes " + Arrays.toString(newSizes) + " and strides "
                    + Arrays.toString(newStrides) + " have different lengths");
        }
        TensorGeometry.checkSizes("TensorImpl", newSizes);
        if (newOffset < 0) {
            throw new IllegalArgumentException("Tensor: invalid storage offset " + newOffset);
        }
        long need = TensorGeometry.requiredStorageSize(newSizes, newStrides, newOffset);
        if (storage != null) {
            storage.ensureCapacity(need);
        }
        this.sizes = newSizes.clone();
        this.strides = newStrides.clone();
        this.storageOffset = newOffset;
        this.numel = TensorGeometry.numel(newSizes);
        this.contiguous = TensorGeometry.isContiguous(this.sizes, this.strides);
        this.defaultStrides = TensorGeometry.hasContiguousStrides(this.sizes, this.strides);
    }

    /** Resizes to contiguous {@code newSizes}, as c10's resize_ (storage grows, never shrinks). */
    public final void resize(long[] newSizes) {
        setGeometry(newSizes, TensorGeometry.contiguousStrides(newSizes), storageOffset);
    }

    // ---- views ----

    /**
     * A view of the same storage with other sizes, strides and offset. Subclasses return their own type
     * by overriding {@link #makeView}.
     */
    public TensorImpl asStrided(long[] viewSizes, long[] viewStrides, long viewOffset) {
        if (storage != null) {
            long need = TensorGeometry.requiredStorageSize(viewSizes, viewStrides, viewOffset);
            if (need > storage.size()) {
                throw new IllegalArgumentException("setStorage: sizes " + Arrays.toString(viewSizes) + ", strides "
                        + Arrays.toString(viewStrides) + ", storage offset " + viewOffset
                        + " require a storage of at least " + need + " elements, but the storage has " + storage.size());
            }
        }
        TensorImpl view = makeView(viewSizes, viewStrides, viewOffset);
        view.versionCounter = versionCounter;
        if (backendData instanceof BackendData data) {
            view.backendData = data.viewOf(this, view);
        }
        return view;
    }

    /** Creates the view object; the kernels' Tensor overrides this so that views are Tensors. */
    protected TensorImpl makeView(long[] viewSizes, long[] viewStrides, long viewOffset) {
        return new TensorImpl(storage, dtype, device, viewSizes, viewStrides, viewOffset);
    }

    // ---- reading data ----

    /** Storage index of the element at {@code index} (one entry per dim). */
    public final long offsetOf(long... index) {
        if (index.length != sizes.length) {
            throw new IllegalArgumentException("expected " + sizes.length + " indices, got " + index.length);
        }
        long off = storageOffset;
        for (int d = 0; d < index.length; d++) {
            if (index[d] < 0 || index[d] >= sizes[d]) {
                throw new IndexOutOfBoundsException("index " + index[d] + " is out of bounds for dimension " + d
                        + " with size " + sizes[d]);
            }
            off += index[d] * strides[d];
        }
        return off;
    }

    /** Storage indices of every element in row-major logical order (follows strides, so works on views). */
    public final long[] elementOffsets() {
        checkHasData("elementOffsets");
        long[] out = new long[Math.toIntExact(numel)];
        if (numel == 0) {
            return out;
        }
        int nd = sizes.length;
        long[] counter = new long[nd];
        long off = storageOffset;
        for (int i = 0; i < out.length; i++) {
            out[i] = off;
            for (int d = nd - 1; d >= 0; d--) {
                if (++counter[d] < sizes[d]) {
                    off += strides[d];
                    break;
                }
                off -= (sizes[d] - 1) * strides[d];
                counter[d] = 0;
            }
        }
        return out;
    }

    public final double[] toDoubleArray() {
        TensorImpl t = readable("toDoubleArray");
        long[] offs = t.elementOffsets();
        double[] out = new double[offs.length];
        for (int i = 0; i < offs.length; i++) {
            out[i] = t.storage.getDouble(offs[i]);
        }
        return out;
    }

    public final float[] toFloatArray() {
        TensorImpl t = readable("toFloatArray");
        long[] offs = t.elementOffsets();
        float[] out = new float[offs.length];
        for (int i = 0; i < offs.length; i++) {
            out[i] = (float) t.storage.getDouble(offs[i]);
        }
        return out;
    }

    public final long[] toLongArray() {
        TensorImpl t = readable("toLongArray");
        long[] offs = t.elementOffsets();
        long[] out = new long[offs.length];
        for (int i = 0; i < offs.length; i++) {
            out[i] = t.storage.getLong(offs[i]);
        }
        return out;
    }

    public final int[] toIntArray() {
        TensorImpl t = readable("toIntArray");
        long[] offs = t.elementOffsets();
        int[] out = new int[offs.length];
        for (int i = 0; i < offs.length; i++) {
            out[i] = (int) t.storage.getLong(offs[i]);
        }
        return out;
    }

    public final boolean[] toBooleanArray() {
        TensorImpl t = readable("toBooleanArray");
        long[] offs = t.elementOffsets();
        boolean[] out = new boolean[offs.length];
        for (int i = 0; i < offs.length; i++) {
            out[i] = t.storage.getBoolean(offs[i]);
        }
        return out;
    }

    /** The single element as a Scalar of this tensor's category (PyTorch's item()). */
    public final Scalar item() {
        if (numel != 1) {
            throw new IllegalStateException("a Tensor with " + numel + " elements cannot be converted to Scalar");
        }
        TensorImpl t = readable("item()");
        long off = t.elementOffsets()[0];
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
            if (cpu.storage == null || !Arrays.equals(cpu.sizes, sizes)) {
                throw new IllegalStateException("the " + device + " backend read a tensor of sizes " + Arrays.toString(sizes)
                        + " as " + cpu + " of sizes " + Arrays.toString(cpu.sizes));
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

    /** {@code tensor([[1.0, 2.0], [3.0, 4.0]], dtype=Float32)}; meta tensors print only their metadata. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder("tensor(");
        if (storage == null) {
            sb.append("..., size=").append(Arrays.toString(sizes)).append(", device='").append(device).append('\'');
        } else if (numel > 1000) {
            sb.append("..., size=").append(Arrays.toString(sizes));
        } else {
            appendValues(sb, toDoubleArray(), 0, 0);
        }
        sb.append(", dtype=").append(dtype);
        if (storage != null && device.type() != DeviceType.CPU) {
            sb.append(", device='").append(device).append('\'');
        }
        return sb.append(')').toString();
    }

    private int appendValues(StringBuilder sb, double[] values, int dim, int pos) {
        if (dim == sizes.length) {
            sb.append(formatElement(values[pos]));
            return pos + 1;
        }
        sb.append('[');
        for (long i = 0; i < sizes[dim]; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            pos = appendValues(sb, values, dim + 1, pos);
        }
        sb.append(']');
        return pos;
    }

    private String formatElement(double v) {
        switch (dtype.category()) {
            case BOOLEAN: return v != 0 ? "True" : "False";
            case INTEGRAL: return Long.toString((long) v);
            default: return Double.toString(v);
        }
    }
}
