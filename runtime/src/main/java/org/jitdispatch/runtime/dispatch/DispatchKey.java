package org.jitdispatch.runtime.dispatch;

/**
 * Dispatch keys in c10's priority order: a key declared later wins over one declared earlier when
 * both are in a {@link DispatchKeySet}. Runtime keys occupy one bit each ({@link #bit()}); alias keys
 * (Autograd, CompositeImplicitAutograd, CompositeExplicitAutograd) are never in a key set and only
 * name a group of runtime keys for registration.
 *
 * <p>The order follows c10 (DispatchKey.h, PyTorch 1.13): backends first (CPU &lt; Lazy &lt; Meta &lt;
 * PrivateUse1), then BackendSelect, ADInplaceOrView, the per-backend Autograd keys, Tracer, Autocast and
 * the testing-only wrapper keys.
 */
public enum DispatchKey {
    /** No key: what an empty key set dispatches to (c10's Undefined / CatchAll). Never a bit. */
    Undefined(Kind.UNDEFINED, null),

    // ~~~ backends ~~~
    CPU(Kind.BACKEND, null),
    /** The key of external lazy-tensor backends. */
    Lazy(Kind.BACKEND, null),
    Meta(Kind.BACKEND, null),
    /** A key left for out-of-tree backends. */
    PrivateUse1(Kind.BACKEND, null),

    // ~~~ functionality ~~~
    /** Picks the backend of factory functions from their arguments (in the default TLS include set). */
    BackendSelect(Kind.FUNCTIONALITY, null),
    /** Bumps version counters and sets up views (in the default TLS include set; fallthrough by default). */
    ADInplaceOrView(Kind.FUNCTIONALITY, null),

    // ~~~ autograd, one key per backend ~~~
    AutogradCPU(Kind.AUTOGRAD, CPU),
    AutogradLazy(Kind.AUTOGRAD, Lazy),
    AutogradMeta(Kind.AUTOGRAD, Meta),
    AutogradPrivateUse1(Kind.AUTOGRAD, PrivateUse1),

    Tracer(Kind.FUNCTIONALITY, null),
    /** In the default TLS exclude set, as in c10. */
    AutocastCPU(Kind.FUNCTIONALITY, null),
    /** For tests of wrapper tensors (a key a tensor carries above autograd). */
    TESTING_ONLY_GenericWrapper(Kind.FUNCTIONALITY, null),
    /** For tests of modes (a key that is switched on through the TLS include set). */
    TESTING_ONLY_GenericMode(Kind.FUNCTIONALITY, null),

    // ~~~ alias keys: registration only ~~~
    /** Every per-backend Autograd key. */
    Autograd(Kind.ALIAS, null),
    /** Backends and Autograd keys: a kernel made of other ops, differentiable through them. */
    CompositeImplicitAutograd(Kind.ALIAS, null),
    /** Every backend: one kernel for all backends, with its own autograd formula. */
    CompositeExplicitAutograd(Kind.ALIAS, null);

    enum Kind { UNDEFINED, BACKEND, FUNCTIONALITY, AUTOGRAD, ALIAS }

    private static final DispatchKey[] VALUES = values();

    /** Number of runtime keys plus Undefined: table size for per-key arrays indexed by {@link #ordinal()}. */
    public static final int NUM_RUNTIME_KEYS = Autograd.ordinal();

    private final Kind kind;
    private final DispatchKey backendOfAutograd;

    DispatchKey(Kind kind, DispatchKey backendOfAutograd) {
        this.kind = kind;
        this.backendOfAutograd = backendOfAutograd;
    }

    /** The bit this key occupies in a {@link DispatchKeySet}; 0 for Undefined and alias keys. */
    public long bit() {
        return kind == Kind.UNDEFINED || kind == Kind.ALIAS ? 0L : 1L << ordinal();
    }

    Kind kindForSets() {
        return kind;
    }

    public boolean isAlias() {
        return kind == Kind.ALIAS;
    }

    /** A key that can appear in a key set (everything but Undefined and the alias keys). */
    public boolean isRuntime() {
        return kind != Kind.ALIAS && kind != Kind.UNDEFINED;
    }

    public boolean isBackend() {
        return kind == Kind.BACKEND;
    }

    public boolean isAutograd() {
        return kind == Kind.AUTOGRAD;
    }

    /** For a per-backend Autograd key, its backend (AutogradCPU -&gt; CPU); otherwise null. */
    public DispatchKey backendOfAutograd() {
        return backendOfAutograd;
    }

    /** For a backend key, its Autograd key (CPU -&gt; AutogradCPU); otherwise null. */
    public DispatchKey autogradKeyOfBackend() {
        for (DispatchKey k : VALUES) {
            if (k.backendOfAutograd == this) {
                return k;
            }
        }
        return null;
    }

    /**
     * The runtime keys an alias key stands for (c10's getRuntimeDispatchKeySet); for a runtime key,
     * the key itself.
     */
    public DispatchKeySet runtimeKeySet() {
        switch (this) {
            case Autograd:
                return DispatchKeySet.AUTOGRAD_KEYS;
            case CompositeExplicitAutograd:
                return DispatchKeySet.BACKEND_KEYS;
            case CompositeImplicitAutograd:
                return DispatchKeySet.BACKEND_KEYS.union(DispatchKeySet.AUTOGRAD_KEYS);
            case Undefined:
                return DispatchKeySet.EMPTY;
            default:
                return DispatchKeySet.of(this);
        }
    }

    /** Whether an alias key stands for this runtime key (c10's isIncludedInAlias). */
    public boolean isIncludedIn(DispatchKey alias) {
        return alias.isAlias() && alias.runtimeKeySet().has(this);
    }

    /** The key at a bit position; used to turn the highest set bit back into a key. */
    public static DispatchKey fromOrdinal(int ordinal) {
        return VALUES[ordinal];
    }

    /** Looks a key up by name, with an error listing every key when it does not exist. */
    public static DispatchKey parse(String name) {
        for (DispatchKey k : VALUES) {
            if (k.name().equals(name)) {
                return k;
            }
        }
        StringBuilder known = new StringBuilder();
        for (DispatchKey k : VALUES) {
            if (k != Undefined) {
                known.append(known.length() == 0 ? "" : ", ").append(k.name());
            }
        }
        throw new IllegalArgumentException("Unknown dispatch key '" + name + "'; known keys: " + known);
    }
}
