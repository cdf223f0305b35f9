package org.jitdispatch.kernels.backend;

import java.util.Map;
import java.util.Objects;
import org.jitdispatch.kernels.AtenLibrary;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.RegistrationHandle;

/**
 * PyTorch's boxed {@code cpu_fallback} for external backends: an operator the backend has no kernel for runs
 * on the CPU. Tensor arguments on the backend (also in lists and optionals) are copied to the CPU with
 * {@code aten::_to_copy}, the operator is redispatched to its CPU kernel, arguments the schema marks as
 * written ({@code Tensor(a!)}) are copied back with {@code aten::copy_}, and results are copied to the
 * backend's device. All copies go through the dispatcher, so the backend's own {@code empty_strided} and
 * {@code copy_} kernels move the data.
 *
 * <pre>{@code
 * RegistrationHandle h = CpuFallback.register(Dispatcher.singleton(), DispatchKey.Lazy);  // TORCH_LIBRARY_IMPL(_, Lazy, m)
 * Torch.relu(lazyTensor);                        // no Lazy kernel: runs on the CPU
 * CpuFallback.count("aten::relu");               // 1
 * }</pre>
 *
 * <p>Each fallback is counted per operator ({@link #count}, {@link #counts}), like XLA's metrics, and
 * {@link FallbackMode#ERROR} ({@link #setMode} or {@code -Djitdispatch.cpuFallback=error}) turns every
 * fallback into an error naming the operator. View operators are refused: a copy cannot share its input's
 * storage.
 */
public final class CpuFallback {
    static final FallbackCounters COUNTERS = new FallbackCounters();
    private static volatile FallbackMode mode = FallbackMode.parse(System.getProperty(FallbackMode.PROPERTY));

    private CpuFallback() {
    }

    /**
     * Registers the CPU fallback as {@code backendKey}'s backend fallback in {@code dispatcher}
     * ({@code dispatcher.libraryImpl("_", backendKey).fallback(...)}); closing the handle removes it.
     *
     * @throws IllegalArgumentException for a key that is not an external backend's (CPU, Meta, or not a
     *     backend key at all)
     * @throws IllegalStateException when the key already has a fallback, or the dispatcher lacks the aten
     *     operators the fallback copies with
     */
    public static RegistrationHandle register(Dispatcher dispatcher, DispatchKey backendKey) {
        Objects.requireNonNull(dispatcher, "dispatcher");
        DeviceType backend = deviceTypeOf(Objects.requireNonNull(backendKey, "backendKey"));
        if (dispatcher == Dispatcher.singleton()) {
            AtenLibrary.load();
        }
        DeviceTransfer transfer = new DeviceTransfer(dispatcher, backendKey);
        Library library = dispatcher.libraryImpl("_", backendKey);
        try {
            library.fallback(new CpuFallbackKernel(backendKey, backend, transfer));
        } catch (RuntimeException e) {
            library.close();
            throw e;
        }
        return library::close;
    }

    private static DeviceType deviceTypeOf(DispatchKey backendKey) {
        DeviceType device = DeviceType.ofBackendKey(backendKey).orElse(null);
        if (device == null || !device.isExternal()) {
            throw new IllegalArgumentException("The CPU fallback serves external backends (Lazy, PrivateUse1), not "
                    + backendKey + (backendKey == DispatchKey.Meta ? ": meta tensors have no data to run on the CPU"
                    : backendKey == DispatchKey.CPU ? ": CPU kernels run on the CPU already" : ""));
        }
        return device;
    }

    /** How many times {@code qualifiedOpName} (e.g. {@code aten::relu}) fell back to the CPU since the last reset. */
    public static long count(String qualifiedOpName) {
        return COUNTERS.count(qualifiedOpName);
    }

    /** A snapshot of every operator that fell back, sorted by name, with its count. */
    public static Map<String, Long> counts() {
        return COUNTERS.snapshot();
    }

    public static void resetCounts() {
        COUNTERS.reset();
    }

    /** Allows fallbacks or makes each one an error, for every backend and thread, from the next call on. */
    public static void setMode(FallbackMode newMode) {
        mode = Objects.requireNonNull(newMode, "mode");
    }

    /** The current mode: {@link FallbackMode#ALLOW} unless set, or {@code -Djitdispatch.cpuFallback=error}. */
    public static FallbackMode mode() {
        return mode;
    }
}
