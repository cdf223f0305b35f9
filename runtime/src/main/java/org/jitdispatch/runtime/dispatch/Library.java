package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * A block of registrations for one namespace (c10's torch::Library): {@link Dispatcher#library} defines
 * operators (TORCH_LIBRARY), {@link Dispatcher#libraryImpl} registers kernels for one dispatch key
 * (TORCH_LIBRARY_IMPL), and an impl library for namespace {@code "_"} registers backend fallbacks.
 *
 * <p>Each registration returns a handle that undoes it; closing the library undoes every registration it
 * still holds, newest first.
 *
 * <pre>{@code
 * Library aten = dispatcher.library("aten");
 * aten.def("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor");
 * Library cpu = dispatcher.libraryImpl("aten", DispatchKey.CPU);
 * cpu.impl("add.Tensor", MethodHandles.lookup().findStatic(CpuKernels.class, "add", type));
 * }</pre>
 */
public final class Library implements AutoCloseable {
    enum Kind { DEF, FRAGMENT, IMPL }

    private final Dispatcher dispatcher;
    private final Kind kind;
    private final String namespace;
    private final DispatchKey key;
    private final Runnable onClose;
    private final List<RegistrationHandle> registrations = new ArrayList<>();
    private boolean closed;

    Library(Dispatcher dispatcher, Kind kind, String namespace, DispatchKey key, Runnable onClose) {
        if (namespace == null || namespace.isEmpty()) {
            throw new IllegalArgumentException("A library needs a namespace");
        }
        if (key != null && kind == Kind.IMPL && key == DispatchKey.Undefined) {
            throw new IllegalArgumentException("Cannot register kernels for the Undefined key");
        }
        this.dispatcher = dispatcher;
        this.kind = kind;
        this.namespace = namespace;
        this.key = key;
        this.onClose = onClose;
    }

    public String namespace() {
        return namespace;
    }

    /** Defines an operator from its schema ({@code add.Tensor(Tensor self, ...) -> Tensor}). */
    public RegistrationHandle def(String schemaText) {
        return def(schemaText, null);
    }

    /**
     * Defines an operator and records where its schema was declared (e.g. {@code ops.yaml:12}), which
     * explain and error messages show next to the registering Java line.
     */
    public synchronized RegistrationHandle def(String schemaText, String declaredAt) {
        Objects.requireNonNull(schemaText, "def(): the schema must not be null");
        requireOpen();
        if (kind == Kind.IMPL) {
            throw new IllegalStateException("Cannot define an operator inside a libraryImpl() block; use library()"
                    + " or libraryFragment() for namespace " + namespace);
        }
        FunctionSchema schema = FunctionSchema.parse(schemaText);
        OperatorName qualified = qualify(schema.name(), "schema string");
        String debug = RegistrationSite.describe() + (declaredAt == null ? "" : " (declared at " + declaredAt + ")");
        return keep(dispatcher.registerDef(schema, qualified, debug));
    }

    /** Registers a typed kernel for this library's key. */
    public RegistrationHandle impl(String opName, MethodHandle kernel) {
        return impl(opName, defaultKey(), KernelFunction.ofMethodHandle(kernel));
    }

    /** Registers a boxed kernel for this library's key. */
    public RegistrationHandle impl(String opName, BoxedKernel kernel) {
        return impl(opName, defaultKey(), KernelFunction.ofBoxed(kernel));
    }

    public RegistrationHandle impl(String opName, KernelFunction kernel) {
        return impl(opName, defaultKey(), kernel);
    }

    public RegistrationHandle impl(String opName, DispatchKey dispatchKey, MethodHandle kernel) {
        return impl(opName, dispatchKey, KernelFunction.ofMethodHandle(kernel));
    }

    /** Registers a kernel for an explicit key, which must agree with an impl library's own key. */
    public synchronized RegistrationHandle impl(String opName, DispatchKey dispatchKey, KernelFunction kernel) {
        Objects.requireNonNull(opName, "impl(): the operator name must not be null");
        Objects.requireNonNull(dispatchKey, () -> "impl(" + opName + "): the dispatch key must not be null");
        Objects.requireNonNull(kernel, () -> "impl(" + opName + "): the kernel must not be null");
        requireOpen();
        if (namespace.equals("_")) {
            throw new IllegalStateException("A library for namespace _ registers backend fallbacks, not kernels of "
                    + opName);
        }
        if (kind == Kind.IMPL && key != null && dispatchKey != key) {
            throw new IllegalArgumentException("Explicitly provided dispatch key (" + dispatchKey + ") is inconsistent"
                    + " with the dispatch key of the enclosing libraryImpl() block (" + key + ")");
        }
        if (dispatchKey == DispatchKey.Undefined) {
            throw new IllegalArgumentException("Cannot register a kernel of " + opName + " for the Undefined key");
        }
        OperatorName qualified = qualify(OperatorName.parse(opName), "operator name");
        return keep(dispatcher.registerImpl(qualified, dispatchKey, kernel, RegistrationSite.describe()));
    }

    /** Registers a fallthrough for one operator: calls skip this key. */
    public RegistrationHandle implFallthrough(String opName) {
        return impl(opName, defaultKey(), KernelFunction.fallthrough());
    }

    /** A backend fallback for this library's key (libraryImpl("_", key)). */
    public RegistrationHandle fallback(KernelFunction kernel) {
        if (key == null) {
            throw new IllegalStateException("fallback() needs a libraryImpl(\"_\", key) block with a key");
        }
        return fallback(key, kernel);
    }

    public RegistrationHandle fallback(BoxedKernel kernel) {
        return fallback(KernelFunction.ofBoxed(kernel));
    }

    public synchronized RegistrationHandle fallback(DispatchKey dispatchKey, KernelFunction kernel) {
        Objects.requireNonNull(dispatchKey, "fallback(): the dispatch key must not be null");
        Objects.requireNonNull(kernel, () -> "fallback(" + dispatchKey + "): the kernel must not be null");
        requireOpen();
        if (kind != Kind.IMPL || !namespace.equals("_")) {
            throw new IllegalStateException("Backend fallbacks are registered in a libraryImpl(\"_\", key) block, not in"
                    + " a block for namespace " + namespace);
        }
        if (key != null && dispatchKey != key) {
            throw new IllegalArgumentException("Explicitly provided dispatch key (" + dispatchKey + ") is inconsistent"
                    + " with the dispatch key of the enclosing libraryImpl() block (" + key + ")");
        }
        return keep(dispatcher.registerFallback(dispatchKey, kernel, RegistrationSite.describe()));
    }

    /** Undoes every registration this library still holds, newest first. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (int i = registrations.size() - 1; i >= 0; i--) {
            registrations.get(i).close();
        }
        registrations.clear();
        onClose.run();
    }

    private DispatchKey defaultKey() {
        if (key != null) {
            return key;
        }
        if (kind != Kind.IMPL) {
            // c10: a kernel registered in TORCH_LIBRARY without a key is a CompositeImplicitAutograd kernel.
            return DispatchKey.CompositeImplicitAutograd;
        }
        throw new IllegalStateException("This libraryImpl() block has no key; name the dispatch key in impl()");
    }

    private OperatorName qualify(OperatorName name, String what) {
        if (name.namespace().isEmpty()) {
            return name.withNamespace(namespace);
        }
        if (!name.namespace().equals(namespace)) {
            throw new IllegalArgumentException("Explicitly provided namespace (" + name.namespace() + ") in " + what
                    + " does not match namespace of enclosing " + (kind == Kind.IMPL ? "libraryImpl()" : "library()")
                    + " block (" + namespace + ")");
        }
        return name;
    }

    private RegistrationHandle keep(RegistrationHandle h) {
        registrations.add(h);
        return () -> {
            synchronized (Library.this) {
                registrations.remove(h);
            }
            h.close();
        };
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("This library for namespace " + namespace + " is closed");
        }
    }
}
