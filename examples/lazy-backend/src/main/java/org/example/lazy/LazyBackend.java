package org.example.lazy;

import org.jitdispatch.Tensor;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.RegistrationHandle;

/**
 * The lazy-tensor backend: {@link #install()} registers its kernels (the generated {@link RegisterLazy})
 * for the Lazy dispatch key. Then {@code t.to(Device.LAZY)} moves a tensor to the lazy device, operators
 * on lazy tensors record a graph ({@link LazyGraph#toText}), and reading the data ({@code .cpu()},
 * {@code item()}, {@code toDoubleArray()}) runs it on the CPU kernels.
 */
public final class LazyBackend {
    private static RegistrationHandle registration;

    private LazyBackend() {
    }

    /** Registers the backend with the singleton dispatcher, once. */
    public static synchronized void install() {
        if (registration != null) {
            return;
        }
        AtenLibrary.load();
        try {
            registration = RegisterLazy.register(Dispatcher.singleton());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("a generated wrapper of the lazy backend could not be found", e);
        }
    }

    /** {@code t} on the lazy device. */
    public static Tensor lazy(Tensor t) {
        install();
        return t.to(Device.LAZY);
    }
}
