package org.jitdispatch.kernels;

import java.lang.reflect.UndeclaredThrowableException;
import org.jitdispatch.runtime.DeviceType;
import org.jitdispatch.runtime.TensorImpl;

/** Small helpers the generated API calls; kept out of line so the generated methods stay small. */
public final class OpSupport {
    private OpSupport() {
    }

    /**
     * Rethrows what {@code MethodHandle.invokeExact} threw: unchecked exceptions and errors as they are,
     * anything else (kernels declare none) wrapped. Declared to return so callers can write
     * {@code throw rethrow(t)}.
     */
    public static RuntimeException rethrow(Throwable t) {
        if (t instanceof RuntimeException) {
            throw (RuntimeException) t;
        }
        if (t instanceof Error) {
            throw (Error) t;
        }
        throw new UndeclaredThrowableException(t);
    }

    /** After an in-place or out= write: the written tensor's data changed (null for an absent optional). */
    public static void bumpVersions(TensorImpl written) {
        if (written != null) {
            written.versionCounter().bump();
        }
    }

    public static void bumpVersions(TensorImpl[] written) {
        if (written != null) {
            for (TensorImpl t : written) {
                bumpVersions(t);
            }
        }
    }

    /** A manual_bindings operator calls the CPU kernel directly, so every tensor it gets must be on the CPU. */
    public static void checkManualBinding(String op, String argument, TensorImpl t) {
        if (t != null && t.device().type() != DeviceType.CPU) {
            throw new IllegalArgumentException(op + " has manual_bindings: True, so it calls its CPU kernel directly and"
                    + " cannot take the " + t.device() + " tensor passed as '" + argument + "'; remove manual_bindings"
                    + " (or the operator from -Djitdispatch.bypass) to dispatch on the tensor's device");
        }
    }

    public static void checkManualBinding(String op, String argument, TensorImpl[] ts) {
        if (ts != null) {
            for (TensorImpl t : ts) {
                checkManualBinding(op, argument, t);
            }
        }
    }
}
