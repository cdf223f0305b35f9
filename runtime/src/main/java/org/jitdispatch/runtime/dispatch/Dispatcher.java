package org.jitdispatch.runtime.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * The operator registry and reference dispatcher (c10's Dispatcher). Operators are defined by schema,
 * kernels are registered per dispatch key, backend fallbacks per key; every change recomputes the
 * affected operators' tables and tells the {@link DispatcherListener}s. Registration is serialised by
 * one lock; calls never lock, they read an operator's immutable table once.
 *
 * <p>Register through {@link Library} (the equivalent of TORCH_LIBRARY / TORCH_LIBRARY_IMPL). The
 * process-wide instance is {@link #singleton()}; tests can make their own with {@link #create()}.
 */
public final class Dispatcher {
    private static final Dispatcher SINGLETON = create();

    private final Object lock = new Object();
    private final Map<OperatorName, OperatorEntry> operators = new ConcurrentHashMap<>();
    private final AnnotatedKernel[] fallbacks = new AnnotatedKernel[DispatchKey.NUM_RUNTIME_KEYS];
    private final List<DispatcherListener> listeners = new CopyOnWriteArrayList<>();
    /** Namespaces owned by an open non-fragment library (c10 allows one TORCH_LIBRARY per namespace). */
    private final Map<String, String> libraryNamespaces = new ConcurrentHashMap<>();

    private Dispatcher() {
    }

    /** The process-wide dispatcher, with c10's default fallthrough fallbacks. */
    public static Dispatcher singleton() {
        return SINGLETON;
    }

    /**
     * A new dispatcher with the fallthrough fallbacks ATen registers at load time: BackendSelect and
     * ADInplaceOrView (both in every thread's default include set), the per-backend Autograd keys (an op
     * with no autograd kernel runs its backend kernel, as in PyTorch 1.13), and AutocastCPU.
     */
    public static Dispatcher create() {
        Dispatcher d = createEmpty();
        for (DispatchKey k : new DispatchKey[] {DispatchKey.BackendSelect, DispatchKey.ADInplaceOrView,
                DispatchKey.AutogradCPU, DispatchKey.AutogradLazy, DispatchKey.AutogradMeta,
                DispatchKey.AutogradPrivateUse1, DispatchKey.AutocastCPU}) {
            d.registerFallback(k, KernelFunction.fallthrough(), "registered by Dispatcher.create() (default fallthrough)");
        }
        return d;
    }

    /** A new dispatcher with no fallbacks at all, for tests of the raw rules. */
    public static Dispatcher createEmpty() {
        return new Dispatcher();
    }

    // ---- libraries ----

    /**
     * A library that defines operators in {@code namespace} (TORCH_LIBRARY); only one may be open per
     * namespace, use {@link #libraryFragment} for more.
     */
    public Library library(String namespace) {
        String site = RegistrationSite.describe();
        String previous = libraryNamespaces.putIfAbsent(namespace, site);
        if (previous != null) {
            throw new IllegalStateException("Only a single library() can be used to register the namespace "
                    + namespace + "; please put all of your definitions in a single library() block. If you were"
                    + " trying to specify implementations, consider using libraryImpl(). If you really need more"
                    + " than one block for definitions, use libraryFragment(). Previous registration of library() was "
                    + previous + "; latest registration was " + site);
        }
        return new Library(this, Library.Kind.DEF, namespace, null, () -> libraryNamespaces.remove(namespace));
    }

    /** A further library that defines operators in a namespace (TORCH_LIBRARY_FRAGMENT). */
    public Library libraryFragment(String namespace) {
        return new Library(this, Library.Kind.FRAGMENT, namespace, null, () -> { });
    }

    /**
     * A library that registers kernels for {@code key} on operators of {@code namespace}
     * (TORCH_LIBRARY_IMPL); {@code "_"} registers backend fallbacks. A null key lets each call name its key.
     */
    public Library libraryImpl(String namespace, DispatchKey key) {
        return new Library(this, Library.Kind.IMPL, namespace, key, () -> { });
    }

    // ---- lookup ----

    public Optional<OperatorHandle> findOp(OperatorName name) {
        Objects.requireNonNull(name, "findOp(): the operator name must not be null");
        OperatorEntry e = operators.get(name);
        return e == null ? Optional.empty() : Optional.of(e.handle());
    }

    /** An operator that has a schema. */
    public Optional<OperatorHandle> findSchema(OperatorName name) {
        Objects.requireNonNull(name, "findSchema(): the operator name must not be null");
        OperatorEntry e = operators.get(name);
        return e == null || e.schema() == null ? Optional.empty() : Optional.of(e.handle());
    }

    /** An operator that has a schema, or an error naming the operator and close matches. */
    public OperatorHandle findSchemaOrThrow(String qualifiedName) {
        Objects.requireNonNull(qualifiedName, "findSchemaOrThrow(): the operator name must not be null");
        OperatorName name = OperatorName.parse(qualifiedName);
        return findSchema(name).orElseThrow(() -> new IllegalArgumentException("Could not find schema for "
                + qualifiedName + similarNames(name)));
    }

    /** Every operator with a schema, sorted by name. */
    public List<OperatorHandle> allOperators() {
        List<OperatorHandle> out = new ArrayList<>();
        for (OperatorEntry e : operators.values()) {
            if (e.schema() != null) {
                out.add(e.handle());
            }
        }
        out.sort((a, b) -> a.name().toString().compareTo(b.name().toString()));
        return out;
    }

    public void addListener(DispatcherListener listener) {
        listeners.add(listener);
    }

    public void removeListener(DispatcherListener listener) {
        listeners.remove(listener);
    }

    /** The backend fallback registered for a runtime key, or null. */
    public KernelFunction backendFallback(DispatchKey key) {
        synchronized (lock) {
            AnnotatedKernel k = fallbacks[key.ordinal()];
            return k == null ? null : k.kernel;
        }
    }

    // ---- registration, used by Library ----

    Object registrationLock() {
        return lock;
    }

    AnnotatedKernel fallbackFor(DispatchKey key) {
        return fallbacks[key.ordinal()];
    }

    RegistrationHandle registerDef(FunctionSchema schema, OperatorName qualifiedName, String debug) {
        synchronized (lock) {
            OperatorEntry e = operators.computeIfAbsent(qualifiedName, n -> new OperatorEntry(this, n));
            e.registerSchema(schema, debug);
            listeners.forEach(l -> l.onOperatorDefined(e.handle()));
            tableMayHaveChanged(e);
        }
        return once(() -> {
            synchronized (lock) {
                OperatorEntry e = operators.get(qualifiedName);
                e.deregisterSchema();
                removeIfEmpty(e);
                tableMayHaveChanged(e);
            }
        });
    }

    RegistrationHandle registerImpl(OperatorName qualifiedName, DispatchKey key, KernelFunction kernel, String debug) {
        AnnotatedKernel registered;
        synchronized (lock) {
            OperatorEntry e = operators.computeIfAbsent(qualifiedName, n -> new OperatorEntry(this, n));
            try {
                registered = e.registerKernel(key, kernel, debug);
            } catch (RuntimeException ex) {
                removeIfEmpty(e);
                throw ex;
            }
            tableMayHaveChanged(e);
        }
        return once(() -> {
            synchronized (lock) {
                OperatorEntry e = operators.get(qualifiedName);
                e.deregisterKernel(registered);
                removeIfEmpty(e);
                tableMayHaveChanged(e);
            }
        });
    }

    RegistrationHandle registerFallback(DispatchKey key, KernelFunction kernel, String debug) {
        if (!key.isRuntime()) {
            throw new IllegalArgumentException("Backend fallbacks are registered for runtime keys, not " + key);
        }
        if (kernel.hasUnboxed() && !kernel.hasBoxed()) {
            throw new IllegalArgumentException("A backend fallback must be a boxed kernel or a fallthrough:"
                    + " it serves operators of every signature (" + debug + ")");
        }
        AnnotatedKernel k = new AnnotatedKernel(kernel, key, debug);
        synchronized (lock) {
            AnnotatedKernel existing = fallbacks[key.ordinal()];
            if (existing != null) {
                throw new IllegalStateException("Tried to register multiple backend fallbacks for the same dispatch key "
                        + key + "; previous registration " + existing.debug + ", new registration " + debug);
            }
            fallbacks[key.ordinal()] = k;
            operators.values().forEach(this::tableMayHaveChanged);
        }
        return once(() -> {
            synchronized (lock) {
                fallbacks[key.ordinal()] = null;
                operators.values().forEach(this::tableMayHaveChanged);
            }
        });
    }

    /** Recomputes an operator's table and tells listeners if it changed (lock held). */
    void tableMayHaveChanged(OperatorEntry e) {
        if (e.updateTable()) {
            listeners.forEach(l -> l.onTableChanged(e.handle()));
        }
    }

    private void removeIfEmpty(OperatorEntry e) {
        if (e.isEmpty()) {
            operators.remove(e.name(), e);
        }
    }

    private String similarNames(OperatorName name) {
        List<String> close = new ArrayList<>();
        for (OperatorName n : operators.keySet()) {
            if (n.name().equals(name.name()) && operators.get(n).schema() != null) {
                close.add(n.toString());
            }
        }
        close.sort(null);
        return close.isEmpty() ? "" : "; overloads that exist: " + String.join(", ", close);
    }

    private static RegistrationHandle once(Runnable undo) {
        return new RegistrationHandle() {
            private boolean closed;

            @Override
            public synchronized void close() {
                if (!closed) {
                    closed = true;
                    undo.run();
                }
            }
        };
    }
}
