package org.jitdispatch.kernels;

import java.lang.reflect.UndeclaredThrowableException;
import org.jitdispatch.autograd.Autograd;
import org.jitdispatch.autograd.GradMode;
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
        if (t instanceof RuntimeException e) {
            throw e;
        }
        if (t instanceof Error e) {
            throw e;
        }
        throw new UndeclaredThrowableException(t);
    }

    /**
     * The generated API's check of an argument the schema does not declare optional: a null becomes a
     * NullPointerException naming the operator, the argument and its schema type.
     */
    public static void requireArgument(Object value, String op, String argument, String schemaType) {
        if (value == null) {
            throw nullArgument(op, argument, schemaType);
        }
    }

    /** {@link #requireArgument} for a {@code Tensor[]}, whose elements must not be null either. */
    public static void requireElements(Object[] values, String op, String argument, String schemaType) {
        if (values == null) {
            throw nullArgument(op, argument, schemaType);
        }
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null) {
                throw new NullPointerException(op + ": expected Tensor as element " + i + " in argument '" + argument
                        + "', but got null");
            }
        }
    }

    private static NullPointerException nullArgument(String op, String argument, String schemaType) {
        return new NullPointerException(op + ": argument '" + argument + "' must be " + schemaType + ", not null");
    }

    /**
     * Before an in-place or out= write that autograd does not record (an in-place operator without a derivative,
     * an out= function) while gradients are recorded: a leaf that requires grad cannot be written (PyTorch's
     * error), and writing into a tensor with history is not supported (PyTorch records a derivative for most
     * of these in-place operators, and refuses out= functions, whose writes nothing records).
     */
    public static void checkWriteAllowed(TensorImpl written) {
        if (written == null || !GradMode.isEnabled() || !Autograd.requiresGrad(written)) {
            return;
        }
        if (Autograd.isLeaf(written)) {
            throw new IllegalStateException("a leaf Variable that requires grad is being used in an in-place operation.");
        }
        throw new UnsupportedOperationException("in-place and out= operations on tensors that are part of an autograd graph"
                + " are not supported yet; use the out-of-place operation, or run it under NoGrad");
    }

    /**
     * torchgen's out= check: an out= function has no autograd, so while gradients are recorded none of its
     * tensors may require grad ("add(): functions with out=... arguments don't support automatic
     * differentiation, but one of the arguments requires grad.").
     */
    public static void checkOutNotDifferentiable(String op, Object... tensors) {
        for (Object t : tensors) {
            boolean requires = t instanceof TensorImpl one ? Autograd.requiresGrad(one)
                    : t instanceof TensorImpl[] list && Autograd.requiresGrad(list);
            // grad mode (a thread-local) is read only for a tensor that requires grad, so plain out= calls skip it
            if (requires && GradMode.isEnabled()) {
                throw new IllegalStateException(op + "(): functions with out=... arguments don't support automatic"
                        + " differentiation, but one of the arguments requires grad.");
            }
        }
    }

    public static void checkWriteAllowed(TensorImpl[] written) {
        if (written != null) {
            for (TensorImpl t : written) {
                checkWriteAllowed(t);
            }
        }
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
