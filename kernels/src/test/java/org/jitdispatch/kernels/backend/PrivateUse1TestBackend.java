package org.jitdispatch.kernels.backend;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.EnumSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.jitdispatch.Tensor;
import org.jitdispatch.Torch;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.Layout;
import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorGeometry;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;

/**
 * A minimal out-of-tree backend on {@link DispatchKey#PrivateUse1} for testing the CPU fallback: its tensors
 * live on {@code privateuseone} and keep their data in an ordinary {@link Storage} (its "device memory"). It
 * implements only what a backend needs to move data ({@code empty_strided}, {@code copy_}) and one real
 * operator ({@code add.Tensor}); everything else falls back. Which kernels it registers can be chosen, to test
 * what happens when a backend lacks one the fallback needs.
 */
final class PrivateUse1TestBackend implements AutoCloseable {
    static final Device DEVICE = Device.of(DeviceType.PrivateUse1);

    /** The kernels the backend can register. */
    enum Kernel { EMPTY_STRIDED, COPY, ADD }

    /** Copies the backend's copy_ kernel made from the backend to the host, and from the host to the backend. */
    static final AtomicLong COPIES_TO_HOST = new AtomicLong();
    static final AtomicLong COPIES_TO_DEVICE = new AtomicLong();

    private final Library library;

    private PrivateUse1TestBackend(Library library) {
        this.library = library;
    }

    static PrivateUse1TestBackend install() {
        return install(EnumSet.allOf(Kernel.class));
    }

    static PrivateUse1TestBackend install(Set<Kernel> kernels) {
        COPIES_TO_HOST.set(0);
        COPIES_TO_DEVICE.set(0);
        Library lib = Dispatcher.singleton().libraryImpl("aten", DispatchKey.PrivateUse1);
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            if (kernels.contains(Kernel.EMPTY_STRIDED)) {
                lib.impl("empty_strided", lookup.findStatic(PrivateUse1TestBackend.class, "emptyStrided",
                        MethodType.methodType(Tensor.class, long[].class, long[].class, ScalarType.class, Layout.class,
                                Device.class, Boolean.class)));
            }
            if (kernels.contains(Kernel.COPY)) {
                lib.impl("copy_", lookup.findStatic(PrivateUse1TestBackend.class, "copy",
                        MethodType.methodType(Tensor.class, Tensor.class, Tensor.class, boolean.class)));
            }
            if (kernels.contains(Kernel.ADD)) {
                lib.impl("add.Tensor", lookup.findStatic(PrivateUse1TestBackend.class, "add",
                        MethodType.methodType(Tensor.class, Tensor.class, Tensor.class, Scalar.class)));
            }
        } catch (ReflectiveOperationException e) {
            lib.close();
            throw new IllegalStateException(e);
        }
        return new PrivateUse1TestBackend(lib);
    }

    @Override
    public void close() {
        library.close();
    }

    /** A float32 tensor on the backend holding {@code data}, made without the dispatcher. */
    static Tensor tensor(float[] data, long... sizes) {
        long[] shape = sizes.length == 0 ? new long[] {data.length} : sizes;
        return new Tensor(Storage.wrap(data.clone()), ScalarType.Float32, DEVICE, shape,
                TensorGeometry.contiguousStrides(shape), 0);
    }

    // ---- kernels

    static Tensor emptyStrided(long[] size, long[] stride, ScalarType dtype, Layout layout, Device device,
            Boolean pinMemory) {
        return Tensor.FACTORY.emptyStrided(size, stride, dtype == null ? ScalarType.Float32 : dtype,
                device == null ? DEVICE : device);
    }

    /** The backend's transfer: its memory is a Storage, so a copy is a CPU copy between views of the storages. */
    static Tensor copy(Tensor self, Tensor src, boolean nonBlocking) {
        if (self.device().equals(DEVICE) && src.device().type() == DeviceType.CPU) {
            COPIES_TO_DEVICE.incrementAndGet();
        } else if (self.device().type() == DeviceType.CPU && src.device().equals(DEVICE)) {
            COPIES_TO_HOST.incrementAndGet();
        }
        host(self).copy_(host(src), nonBlocking);
        return self;
    }

    static Tensor add(Tensor self, Tensor other, Scalar alpha) {
        Tensor onHost = Torch.add(host(self), host(other), alpha);
        return new Tensor(onHost.storage(), onHost.dtype(), DEVICE, onHost.sizes(), onHost.strides(),
                onHost.storageOffset());
    }

    /** The same data seen as a CPU tensor (the backend's memory is host memory). */
    private static Tensor host(Tensor t) {
        return t.device().type() == DeviceType.CPU
                ? t : new Tensor(t.storage(), t.dtype(), Device.CPU, t.sizes(), t.strides(), t.storageOffset());
    }
}
