package org.jitdispatch.kernels.backend;

import java.util.Arrays;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.NotImplementedError;
import org.jitdispatch.runtime.dispatch.OperatorHandle;

/**
 * Moves tensors between a backend and the CPU for the {@link CpuFallback}, through the dispatcher, so that the
 * backend's own kernels do the transfer: {@code aten::_to_copy} (a composite of {@code empty_strided} on the
 * target device and {@code copy_}) for a copy, {@code aten::copy_} to write a result back into a backend
 * tensor.
 *
 * <p>If the backend lacks one of those kernels, the transfer itself would reach the fallback again (an
 * {@code empty_strided} on the backend device falls back, and its result has to be moved to the backend with
 * {@code empty_strided}...). So while a transfer runs on a thread, the fallback refuses to run on that thread
 * ({@link #refuseReentry}) and says which kernel the backend must implement, instead of recursing until the
 * stack overflows.
 */
final class DeviceTransfer {
    /** Kernels a backend must have for the fallback to move its tensors. */
    static final String REQUIRED_KERNELS = "aten::empty_strided and aten::copy_ (to and from the CPU)";

    /** The operator whose tensors this thread is moving, or null. */
    private static final ThreadLocal<String> MOVING_FOR = new ThreadLocal<>();

    private final OperatorHandle toCopy;
    private final OperatorHandle copy;
    private final DispatchKey backendKey;

    DeviceTransfer(Dispatcher dispatcher, DispatchKey backendKey) {
        this.toCopy = require(dispatcher, "aten::_to_copy");
        this.copy = require(dispatcher, "aten::copy_");
        this.backendKey = backendKey;
    }

    private static OperatorHandle require(Dispatcher dispatcher, String name) {
        try {
            return dispatcher.findSchemaOrThrow(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("The CPU fallback moves tensors with " + name + ", which this dispatcher"
                    + " does not define; register the aten library into it first", e);
        }
    }

    /**
     * Fails when the fallback is entered for {@code opName} while this thread is moving tensors for another
     * fallback: the backend is missing a kernel the transfer needs, and {@code opName} is that kernel.
     */
    static void refuseReentry(String opName, DispatchKey backendKey) {
        String outer = MOVING_FOR.get();
        if (outer != null) {
            throw new NotImplementedError("'" + opName + "' has no " + backendKey + " kernel and cannot fall back to"
                    + " the CPU while the CPU fallback of '" + outer + "' moves tensors with it; implement '" + opName
                    + "' for " + backendKey);
        }
    }

    /** A CPU copy of backend tensor {@code t}, argument {@code what} of {@code opName}. */
    TensorImpl toCpu(TensorImpl t, String opName, String what) {
        return (TensorImpl) moving(opName, "move " + what + " to the CPU",
                () -> toCopy.callBoxed(t, null, null, Device.CPU, null, false, null));
    }

    /** A copy of CPU tensor {@code t} on {@code device}, result {@code what} of {@code opName}. */
    TensorImpl toBackend(TensorImpl t, Device device, String opName, String what) {
        return (TensorImpl) moving(opName, "move " + what + " to " + device,
                () -> toCopy.callBoxed(t, null, null, device, null, false, null));
    }

    /**
     * Writes {@code cpu}, the CPU copy of backend tensor {@code original} after the operator wrote it, back
     * into {@code original} (ATen's _copy_from_and_resize: an out= tensor the operator resized gets the new
     * sizes first).
     */
    void copyBack(TensorImpl original, TensorImpl cpu, String opName, String what) {
        moving(opName, "write " + what + " back to " + original.device(), () -> {
            if (!Arrays.equals(original.sizes(), cpu.sizes())) {
                original.resize(cpu.sizes());
            }
            return copy.callBoxed(original, cpu, false);
        });
    }

    private interface Step {
        Object run();
    }

    private Object moving(String opName, String action, Step step) {
        String previous = MOVING_FOR.get();
        MOVING_FOR.set(opName);
        try {
            return step.run();
        } catch (RuntimeException e) {
            String message = "The CPU fallback of '" + opName + "' for " + backendKey + " could not " + action
                    + " with the backend's kernels: " + e.getMessage() + ". A backend that uses the CPU fallback must"
                    + " implement " + REQUIRED_KERNELS + ".";
            RuntimeException wrapped = e instanceof NotImplementedError
                    ? new NotImplementedError(message) : new IllegalStateException(message);
            wrapped.initCause(e);
            throw wrapped;
        } finally {
            if (previous == null) {
                MOVING_FOR.remove();
            } else {
                MOVING_FOR.set(previous);
            }
        }
    }
}
