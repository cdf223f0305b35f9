package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * One operator's computed dispatch table: for every runtime key (and Undefined), the kernel a call
 * with that highest key runs and where it came from, plus the mask of keys that are not fallthrough.
 * Immutable: a registration builds a new table and publishes it in one volatile write, so a call that
 * read the table once never sees half of an update.
 */
public final class DispatchTable {
    /** Where a table entry came from, in c10's words. */
    public enum Source {
        KERNEL("kernel"),
        DEFAULT_BACKEND_KERNEL("default backend kernel"),
        MATH_KERNEL("math kernel"),
        AUTOGRAD_KERNEL("autograd kernel"),
        BACKEND_FALLBACK("backend fallback"),
        MISSING("missing");

        private final String c10Name;

        Source(String c10Name) {
            this.c10Name = c10Name;
        }

        @Override
        public String toString() {
            return c10Name;
        }
    }

    /** A table entry: the kernel and where it was registered. */
    public static final class Entry {
        private final KernelFunction kernel;
        private final Source source;
        private final String debug;
        private final DispatchKey registeredFor;

        Entry(KernelFunction kernel, Source source, String debug, DispatchKey registeredFor) {
            this.kernel = kernel;
            this.source = source;
            this.debug = debug;
            this.registeredFor = registeredFor;
        }

        /** The kernel, or null when the entry is missing. */
        public KernelFunction kernel() {
            return kernel;
        }

        public Source source() {
            return source;
        }

        /** "registered at File.java:12", or "" for a missing entry. */
        public String debug() {
            return debug;
        }

        /** The key the kernel was registered for (an alias key for composite kernels); null when missing. */
        public DispatchKey registeredFor() {
            return registeredFor;
        }

        public boolean isMissing() {
            return source == Source.MISSING;
        }
    }

    /** Builds the typed invoker of one entry: its kernel adapted to the operator's Java signature. */
    @FunctionalInterface
    interface InvokerFactory {
        MethodHandle invokerFor(DispatchKey key, Entry entry);
    }

    private final Entry[] entries;
    private final long nonFallthroughKeys;
    /**
     * Per key, the kernel adapted to the operator's Java signature with a leading long key set, built the
     * first time it is asked for (most operators of a library are never called, and most keys of a called
     * one are never reached); null when the signature is not known.
     */
    private final AtomicReferenceArray<MethodHandle> invokers;
    private final InvokerFactory invokerFactory;

    DispatchTable(Entry[] entries, long nonFallthroughKeys, InvokerFactory invokerFactory) {
        this.entries = entries;
        this.nonFallthroughKeys = nonFallthroughKeys;
        this.invokerFactory = invokerFactory;
        this.invokers = invokerFactory == null ? null : new AtomicReferenceArray<>(entries.length);
    }

    public Entry entry(DispatchKey key) {
        if (key.isAlias()) {
            throw new IllegalArgumentException("Alias key " + key + " has no table entry; look up a runtime key");
        }
        return entries[key.ordinal()];
    }

    /** Keys whose entry is not a fallthrough: a call's key set is masked with these. */
    public long nonFallthroughKeys() {
        return nonFallthroughKeys;
    }

    /** The table entry a masked key set dispatches to. */
    public Entry lookup(long dispatchKeySet) {
        return entries[DispatchKeySet.highestKeyIndex(dispatchKeySet)];
    }

    /** The typed invoker ((long keySet, args...) -&gt; ret) for the highest key of a masked key set. */
    MethodHandle invoker(long dispatchKeySet) {
        return typedEntry(DispatchKeySet.highestKeyIndex(dispatchKeySet));
    }

    /**
     * The typed entry for a key: the key's kernel adapted to the operator's signature with a leading
     * {@code long} key set, or a handle that raises the missing-kernel error. Null until the operator's
     * Java signature is known.
     */
    public MethodHandle entryInvoker(DispatchKey key) {
        return invokers == null ? null : typedEntry(key.ordinal());
    }

    private MethodHandle typedEntry(int keyIndex) {
        MethodHandle invoker = invokers.get(keyIndex);
        if (invoker == null) {
            // racing threads build equal adapters; the first one stored is the one every caller gets
            invoker = invokerFactory.invokerFor(DispatchKey.fromOrdinal(keyIndex), entries[keyIndex]);
            if (!invokers.compareAndSet(keyIndex, null, invoker)) {
                invoker = invokers.get(keyIndex);
            }
        }
        return invoker;
    }

    /**
     * {@code (long keySet, P...) -> R}: runs this table's entry for the highest key of an already masked
     * key set. Compiled call sites use it for every key they do not inline (fallbacks, boxed kernels,
     * missing kernels).
     */
    public MethodHandle invokerByKeySet(MethodType signature) {
        if (invokers == null) {
            throw new IllegalStateException("the table has no typed entries: the operator's signature is not known yet");
        }
        MethodHandle invoke = MethodHandles.exactInvoker(signature.insertParameterTypes(0, long.class));
        return MethodHandles.foldArguments(invoke, 0, INVOKER_FOR.bindTo(this));
    }

    private static final MethodHandle INVOKER_FOR;

    static {
        try {
            INVOKER_FOR = MethodHandles.lookup().findVirtual(DispatchTable.class, "invoker",
                    MethodType.methodType(MethodHandle.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Whether typed invokers were built (the operator's Java signature is known). */
    public boolean hasInvokers() {
        return invokers != null;
    }
}
