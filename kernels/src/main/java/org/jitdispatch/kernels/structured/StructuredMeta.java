package org.jitdispatch.kernels.structured;

import java.util.Arrays;
import java.util.Objects;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The output side of a structured kernel (ATen's MetaBase together with the per-mode subclasses that
 * torchgen's register_dispatch_key.py generates). A structured operator has one {@code meta} that checks
 * its arguments and declares each output's sizes, strides, dtype and device through a
 * {@code setOutput*} call, and one {@code impl} per backend that fills the outputs. The generated code
 * runs, for any of the three signatures of the operator:
 *
 * <pre>{@code
 * StructuredMeta op = StructuredMeta.out(factory, out);   // or functional(factory) / inplace(factory, self)
 * AddMeta.meta(op, self, other, alpha);                   // may throw: nothing the caller sees has changed
 * op.commit();                                            // out=: resizes (with the deprecation warning)
 * AddCpu.impl(op, self, other, alpha, op.output(0));
 * op.finish();                                            // copies proxy outputs back (see setOutputStrided)
 * }</pre>
 *
 * <p>Modes, as in PyTorch:
 * <ul>
 *   <li>functional: a {@code setOutput*} call allocates the output (a meta tensor on the meta device);
 *   <li>inplace: output 0 is {@code self}; the declared dtype, device and sizes must match self's
 *       ({@code check_inplace});
 *   <li>out: the outputs are the given tensors; dtype and device must match ({@code resize_out}), and a
 *       tensor of other sizes is resized, with PyTorch's deprecation warning when it was not empty.
 * </ul>
 *
 * <p>Unlike ATen, which resizes inside {@code set_output}, this class only records the resize during
 * meta and performs it in {@link #commit()}: a meta that throws after declaring its outputs leaves every
 * tensor the caller passed untouched and emits no warning.
 *
 * <p>Argument errors (PyTorch's TORCH_CHECK, a RuntimeError in Python) are IllegalArgumentExceptions;
 * misuse of the protocol (reading an output that was never declared, running impl before commit) is an
 * IllegalStateException.
 */
public class StructuredMeta {
    /** The structured signature being run. */
    public enum Mode { FUNCTIONAL, INPLACE, OUT }

    private final Mode mode;
    private final TensorFactory<? extends TensorImpl> factory;
    /** Given outputs (inplace, out) or allocated ones (functional, growing as outputs are declared). */
    private TensorImpl[] outputs;
    /** Out mode: the geometry commit() will give each output that must be resized; null entries otherwise. */
    private final PlannedResize[] planned;
    /** Stand-ins the impl writes when an existing output lacks the strides the meta asked for. */
    private TensorImpl[] proxies;
    private boolean committed;
    /** Set by the Meta kernel's wrapper: every output is declared on the meta device, whatever meta asked for. */
    private boolean outputsOnMeta;

    protected StructuredMeta(Mode mode, TensorFactory<? extends TensorImpl> factory, TensorImpl[] outputs) {
        this.mode = Objects.requireNonNull(mode, "mode");
        this.factory = Objects.requireNonNull(factory, "factory");
        this.outputs = outputs.clone();
        for (int i = 0; i < this.outputs.length; i++) {
            if (mode != Mode.FUNCTIONAL) {
                Objects.requireNonNull(this.outputs[i], mode == Mode.INPLACE ? "self" : "out" + i);
            }
        }
        this.planned = new PlannedResize[this.outputs.length];
    }

    /** For the functional signature: outputs are allocated through {@code factory} as they are declared. */
    public static StructuredMeta functional(TensorFactory<? extends TensorImpl> factory) {
        return new StructuredMeta(Mode.FUNCTIONAL, factory, new TensorImpl[0]);
    }

    /** For the in-place signature: output 0 is {@code self}. */
    public static StructuredMeta inplace(TensorFactory<? extends TensorImpl> factory, TensorImpl self) {
        return new StructuredMeta(Mode.INPLACE, factory, new TensorImpl[] {self});
    }

    /** For the out= signature: the outputs are {@code outs}, in the schema's order. */
    public static StructuredMeta out(TensorFactory<? extends TensorImpl> factory, TensorImpl... outs) {
        return new StructuredMeta(Mode.OUT, factory, outs);
    }

    /**
     * Makes every output a meta tensor, as the Meta kernel's wrapper needs: a call reaches the Meta kernel when
     * any of its tensors is a meta tensor, and its meta function may derive the output device from a CPU
     * argument. A CPU out= or in-place target then fails the usual device check instead of being written.
     */
    public final void outputsOnMeta() {
        outputsOnMeta = true;
    }

    public final Mode mode() {
        return mode;
    }

    /** The factory outputs and proxies are allocated with (the generated Tensor class's). */
    public final TensorFactory<? extends TensorImpl> factory() {
        return factory;
    }

    /**
     * Declares output {@code index} (ATen's set_output_raw_strided): the kernel copes with any strides,
     * so an existing output keeps its strides when its sizes already match. {@code strides} null or empty
     * means contiguous; an output that is allocated or resized gets the given strides.
     */
    public final void setOutputRawStrided(int index, long[] sizes, long[] strides, ScalarType dtype, Device device) {
        declare(index, sizes, emptyToNull(strides), dtype, device, false);
    }

    /**
     * Declares output {@code index} when the kernel needs exactly these strides (ATen's set_output_strided):
     * an existing output of the right sizes but other strides is replaced, for the impl, by a proxy with
     * these strides that {@link #finish()} copies back.
     */
    public final void setOutputStrided(int index, long[] sizes, long[] strides, ScalarType dtype, Device device) {
        Objects.requireNonNull(strides, "strides");
        declare(index, sizes, strides, dtype, device, true);
    }

    /** Declares a contiguous output (ATen's set_output_contiguous: setOutputStrided with contiguous strides). */
    public final void setOutputContiguous(int index, long[] sizes, ScalarType dtype, Device device) {
        setOutputStrided(index, sizes, TensorGeometry.contiguousStrides(sizes), dtype, device);
    }

    /**
     * The tensor the impl writes for output {@code index}: the proxy if there is one, else the given
     * out/self tensor, else the allocated one; null for a functional output not declared yet. This is how
     * a meta (and TensorIterator) learns about a pre-existing output.
     */
    public final TensorImpl maybeGetOutput(int index) {
        if (proxies != null && index < proxies.length && proxies[index] != null) {
            return proxies[index];
        }
        return index < outputs.length ? outputs[index] : null;
    }

    /** {@link #maybeGetOutput(int)}, which must exist. */
    public final TensorImpl output(int index) {
        TensorImpl t = maybeGetOutput(index);
        if (t == null) {
            throw new IllegalStateException("Output " + index + " of this structured kernel has not been set"
                    + " (the meta function must call setOutput for every output)");
        }
        return t;
    }

    /** Number of outputs known so far (given ones, or declared ones in functional mode). */
    public final int outputCount() {
        return outputs.length;
    }

    /** True once {@link #commit()} has run: the outputs have their final geometry. */
    public final boolean isCommitted() {
        return committed;
    }

    /**
     * Makes the declared outputs real, once meta has succeeded: resizes out= tensors whose sizes differ
     * (warning when one had elements) and restrides them as declared. Calling it again does nothing.
     */
    public final void commit() {
        if (committed) {
            return;
        }
        for (int i = 0; i < outputs.length; i++) {
            if (outputs[i] == null) {
                throw new IllegalStateException("Output " + i + " of this structured kernel has not been set"
                        + " (the meta function must call setOutput for every output)");
            }
        }
        for (int i = 0; i < planned.length; i++) {
            if (planned[i] != null) {
                planned[i].apply(outputs[i]);
            }
        }
        committed = true;
    }

    /** After impl: copies every proxy output into the tensor it stands in for. */
    public final void finish() {
        requireCommitted("finish()");
        if (proxies == null) {
            return;
        }
        for (int i = 0; i < proxies.length; i++) {
            if (proxies[i] != null) {
                ProxyCopy.copy(proxies[i], outputs[i]);
            }
        }
    }

    /** Throws unless {@link #commit()} has run; impl-side helpers call this before touching data. */
    protected final void requireCommitted(String what) {
        if (!committed) {
            throw new IllegalStateException(what + " needs the outputs' final geometry: call commit() after meta");
        }
    }

    /** Called after output {@code index} was declared; {@link #maybeGetOutput} now returns it. */
    protected void onOutputSet(int index) {
    }

    private void declare(int index, long[] sizes, long[] strides, ScalarType dtype, Device device, boolean exactStrides) {
        Objects.requireNonNull(sizes, "sizes");
        Objects.requireNonNull(dtype, "dtype");
        Objects.requireNonNull(device, "device");
        if (outputsOnMeta) {
            device = Device.META;
        }
        if (committed) {
            throw new IllegalStateException("setOutput after commit(): outputs are declared by meta only");
        }
        if (strides != null && strides.length != sizes.length) {
            throw new IllegalArgumentException("sizes " + Arrays.toString(sizes) + " and strides "
                    + Arrays.toString(strides) + " have different lengths");
        }
        switch (mode) {
            case FUNCTIONAL:
                allocate(index, sizes, strides, dtype, device);
                break;
            case INPLACE:
                checkIndex(index);
                checkInplace(outputs[index], sizes, dtype, device);
                maybeCreateProxy(index, sizes, strides, dtype, device, exactStrides);
                break;
            default:
                checkIndex(index);
                planResize(index, sizes, strides, dtype, device);
                // A resized output gets exactly the declared strides, so it never needs a proxy.
                maybeCreateProxy(index, sizes, strides, dtype, device, exactStrides && planned[index] == null);
        }
        onOutputSet(index);
    }

    private void allocate(int index, long[] sizes, long[] strides, ScalarType dtype, Device device) {
        if (index < 0) {
            throw new IndexOutOfBoundsException("output index " + index + " is negative");
        }
        if (index >= outputs.length) {
            outputs = Arrays.copyOf(outputs, index + 1);
        }
        // factory.empty is emptyStrided with contiguous strides. One call for both: C2 inlines the allocation
        // (a tensor of each class the factories make) at every call site, so a call per case compiled it twice
        // into every TensorIterator set-up.
        long[] finalStrides = strides != null ? strides : TensorGeometry.contiguousStrides(sizes);
        outputs[index] = factory.emptyStrided(sizes, finalStrides, dtype, device);
    }

    private void checkIndex(int index) {
        if (index < 0 || index >= outputs.length) {
            throw new IndexOutOfBoundsException("output index " + index + " is out of range for a kernel with "
                    + outputs.length + " output(s)");
        }
    }

    /** torchgen's check_inplace, same order and wording. */
    private static void checkInplace(TensorImpl self, long[] sizes, ScalarType dtype, Device device) {
        if (dtype != self.dtype()) {
            throw new IllegalArgumentException("Bad in-place call: input tensor dtype " + TypeMetaNames.of(self.dtype())
                    + " and output tensor dtype " + TypeMetaNames.of(dtype) + " should match");
        }
        if (!device.equals(self.device())) {
            throw new IllegalArgumentException("Bad in-place call: input tensor device " + self.device()
                    + " and output tensor device " + device + " should match");
        }
        if (!Arrays.equals(sizes, self.sizes())) {
            throw new IllegalArgumentException("Bad in-place call: input tensor size " + Arrays.toString(self.sizes())
                    + " and output tensor size " + Arrays.toString(sizes) + " should match");
        }
    }

    /**
     * torchgen's resize_out up to the point where it mutates: the dtype and device checks run now, the
     * resize (at::native::resize_output, then as_strided_ when strides were given) waits for commit().
     */
    private void planResize(int index, long[] sizes, long[] strides, ScalarType dtype, Device device) {
        TensorImpl out = outputs[index];
        if (dtype != out.dtype()) {
            throw new IllegalArgumentException("Expected out tensor to have dtype " + TypeMetaNames.of(dtype)
                    + ", but got " + TypeMetaNames.of(out.dtype()) + " instead");
        }
        if (!device.equals(out.device())) {
            throw new IllegalArgumentException("Expected out tensor to have device " + device + ", but got "
                    + out.device() + " instead");
        }
        if (Arrays.equals(out.sizes(), sizes)) {
            // resize_output leaves a correctly sized output alone, strides included: the meta's strides
            // are advisory for raw-strided outputs.
            planned[index] = null;
            return;
        }
        long[] finalStrides = strides != null ? strides.clone() : TensorGeometry.contiguousStrides(sizes);
        TensorGeometry.checkSizes("resize_", sizes);
        long need = TensorGeometry.requiredStorageSize(sizes, finalStrides, out.storageOffset());
        if (need > Storage.MAX_ELEMENTS) {
            // Checked now so that commit() cannot fail half way through.
            throw new IllegalArgumentException("Trying to resize an out tensor to " + Arrays.toString(sizes)
                    + ", which needs " + need + " elements of storage; a storage holds at most "
                    + Storage.MAX_ELEMENTS);
        }
        planned[index] = new PlannedResize(sizes.clone(), finalStrides);
    }

    /** torchgen's maybe_create_proxy: only for outputs that keep their geometry yet have other strides. */
    private void maybeCreateProxy(int index, long[] sizes, long[] strides, ScalarType dtype, Device device,
            boolean exactStrides) {
        boolean needed = exactStrides && !Arrays.equals(outputs[index].strides(), strides);
        if (needed && proxies == null) {
            proxies = new TensorImpl[outputs.length];
        }
        if (proxies != null) {
            proxies[index] = needed ? factory.emptyStrided(sizes, strides, dtype, device) : null;
        }
    }

    private static long[] emptyToNull(long[] strides) {
        return strides == null || strides.length == 0 ? null : strides;
    }

    /** A resize of an out= tensor decided during meta and carried out by commit(). */
    private static final class PlannedResize {
        private final long[] sizes;
        private final long[] strides;

        PlannedResize(long[] sizes, long[] strides) {
            this.sizes = sizes;
            this.strides = strides;
        }

        void apply(TensorImpl out) {
            if (out.numel() != 0) {
                Warnings.warn("An output with one or more elements was resized since it had shape "
                        + Arrays.toString(out.sizes()) + ", which does not match the required output shape "
                        + Arrays.toString(sizes) + ". This behavior is deprecated, and in a future PyTorch release"
                        + " outputs will not be resized unless they have zero elements. You can explicitly reuse"
                        + " an out tensor t by resizing it, inplace, to zero elements with t.resize_(0).");
            }
            // resize_output keeps the storage offset; as_strided_(sizes, strides) keeps it too.
            out.setGeometry(sizes, strides, out.storageOffset());
        }
    }
}
