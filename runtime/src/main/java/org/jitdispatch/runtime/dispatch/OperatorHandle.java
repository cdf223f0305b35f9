package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.List;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseTy;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.ListType;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * A handle on one registered operator (c10's OperatorHandle): its schema, its computed table, and the
 * reference ways to call it, boxed or typed. Handles stay valid across registrations; what they read
 * is always the current table.
 */
public final class OperatorHandle {
    private static final MethodHandle RAW_KEYS;

    static {
        try {
            RAW_KEYS = MethodHandles.lookup().findVirtual(DispatchKeySet.class, "raw", MethodType.methodType(long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final OperatorEntry entry;

    OperatorHandle(OperatorEntry entry) {
        this.entry = entry;
    }

    /** The qualified name, e.g. {@code aten::add.Tensor}. */
    public OperatorName name() {
        return entry.name();
    }

    public boolean hasSchema() {
        return entry.schema() != null;
    }

    /** The schema as defined (its own text may lack the namespace; {@link #name()} has it). */
    public FunctionSchema schema() {
        FunctionSchema s = entry.schema();
        if (s == null) {
            throw new IllegalStateException("Operator " + entry.name() + " has kernels but no schema: define it with def() first");
        }
        return s;
    }

    /** The schema text with the namespace, e.g. {@code aten::add.Tensor(Tensor self, ...) -> Tensor}. */
    public String qualifiedSchema() {
        return entry.qualified(schema());
    }

    /** Where def() was called. */
    public String schemaDebug() {
        return entry.schemaDebug();
    }

    /** The Java signature of typed calls, fixed by the first typed kernel or typed access; null until then. */
    public MethodType signature() {
        return entry.signature();
    }

    /** The current computed table (an immutable snapshot). */
    public DispatchTable table() {
        return entry.table();
    }

    /** Positions of the arguments whose key sets are dispatched on. */
    public int[] dispatchArgumentIndices() {
        return entry.dispatchArgIndices().clone();
    }

    public Dispatcher dispatcher() {
        return entry.dispatcher();
    }

    /** Keys, runtime or alias, with a registered kernel. */
    public List<DispatchKey> registeredKeys() {
        synchronized (entry.dispatcher().registrationLock()) {
            return entry.registeredKeys();
        }
    }

    /** The key set a call with these tensor keys dispatches on, on this thread, with the current table. */
    public DispatchKeySet computeDispatchKeySet(long tensorKeys) {
        return DispatchKeySet.fromRaw(LocalDispatchKeySet.applyTo(tensorKeys, entry.table().nonFallthroughKeys()));
    }

    // ---- boxed calls ----

    /** Calls the operator with its arguments on top of {@code stack}; leaves its returns there. */
    public void callBoxed(Stack stack) {
        FunctionSchema s = schema();
        if (stack.size() < s.arguments().size()) {
            throw new IllegalArgumentException(argumentCountMessage(s, "the stack holds " + stack.size()));
        }
        DispatchTable t = entry.table();
        long tensorKeys = DispatchKeyExtraction.fromStack(stack, s.arguments().size(), entry.dispatchArgIndices());
        long ks = LocalDispatchKeySet.applyTo(tensorKeys, t.nonFallthroughKeys());
        runBoxed(t, ks, stack);
    }

    /** Calls the kernel for {@code keySet} (masked with the fallthrough keys), no TLS: c10's redispatchBoxed. */
    public void redispatchBoxed(DispatchKeySet keySet, Stack stack) {
        DispatchTable t = entry.table();
        runBoxed(t, keySet.raw() & t.nonFallthroughKeys(), stack);
    }

    /** Calls with the given arguments and returns the result (null for none, an Object[] for several). */
    public Object callBoxed(Object... args) {
        FunctionSchema s = schema();
        if (args == null || args.length != s.arguments().size()) {
            throw new IllegalArgumentException(argumentCountMessage(s,
                    args == null ? "it was called with null" : "it was called with " + args.length));
        }
        requireNonNullArguments(s, args);
        Stack stack = Stack.of(args);
        callBoxed(stack);
        int n = schema().returns().size();
        return n == 0 ? null : n == 1 ? stack.get(0) : stack.popN(n);
    }

    /** A null is only allowed where the schema says optional, and never as an element of a Tensor[]. */
    private void requireNonNullArguments(FunctionSchema s, Object[] args) {
        for (int i = 0; i < args.length; i++) {
            Argument a = s.arguments().get(i);
            if (a.type().isOptional()) {
                continue;
            }
            if (args[i] == null) {
                throw new NullPointerException(name() + ": argument '" + a.name() + "' must be " + a.type() + ", not null");
            }
            if (args[i] instanceof Object[] elements && a.type() instanceof ListType list && list.elem().is(BaseTy.TENSOR)) {
                for (int e = 0; e < elements.length; e++) {
                    if (elements[e] == null) {
                        throw new NullPointerException(name() + ": expected Tensor as element " + e + " in argument '"
                                + a.name() + "', but got null");
                    }
                }
            }
        }
    }

    /** {@code aten::add.Tensor expects 3 arguments (self, other, alpha), but it was called with 2}. */
    private String argumentCountMessage(FunctionSchema s, String given) {
        StringBuilder names = new StringBuilder();
        for (var a : s.arguments()) {
            names.append(names.length() == 0 ? "" : ", ").append(a.name());
        }
        return name() + " expects " + s.arguments().size() + " argument" + (s.arguments().size() == 1 ? "" : "s")
                + " (" + names + "), but " + given + "; a boxed call passes every argument, defaults included";
    }

    private void runBoxed(DispatchTable t, long ks, Stack stack) {
        DispatchTable.Entry e = t.lookup(ks);
        if (e.isMissing()) {
            throw new NotImplementedError(entry.missingKernelMessage(DispatchKeySet.highestKey(ks)));
        }
        if (e.kernel().isFallthrough()) {
            throw new IllegalStateException("fallthrough entry of " + name() + " reached with " + DispatchKeySet.fromRaw(ks));
        }
        Boxing.callBoxed(e.kernel(), this, ks, stack);
    }

    // ---- typed calls (reference dispatcher) ----

    /**
     * The reference dispatcher's typed call for {@code signature}: a handle of exactly that type that
     * dispatches on every call. Fixes the operator's signature if no typed kernel did; a different
     * signature than the operator's is an error.
     */
    public MethodHandle typed(MethodType signature) {
        ensureSignature(signature);
        return referenceInvokers(signature).cachedReferenceInvoker();
    }

    /**
     * Redispatch ({@code (DispatchKeySet ks, P...) -> R}): calls the kernel for the highest key of
     * {@code ks} after masking the fallthrough keys, ignoring TLS, as kernels do to call below themselves.
     */
    public MethodHandle typedRedispatch(MethodType signature) {
        ensureSignature(signature);
        return MethodHandles.filterArguments(referenceInvokers(signature).cachedReferenceRedispatcher(), 0, RAW_KEYS);
    }

    /** Like {@link #typedRedispatch} with the key set as raw bits first. */
    public MethodHandle typedRedispatchRaw(MethodType signature) {
        ensureSignature(signature);
        return referenceInvokers(signature).cachedReferenceRedispatcher();
    }

    /**
     * Fixes the operator's Java signature if no typed kernel did, as {@link #typed} does, without building the
     * reference dispatcher's handles (compiled call sites, which never call them, use this); a different
     * signature than the operator's is an error.
     */
    public void requireSignature(MethodType signature) {
        ensureSignature(signature);
    }

    private void ensureSignature(MethodType signature) {
        schema();
        if (signature.equals(entry.signature()) && entry.table().hasInvokers()) {
            return;
        }
        Dispatcher d = entry.dispatcher();
        synchronized (d.registrationLock()) {
            boolean hadSignature = entry.signature() != null;
            entry.fixSignature(signature, RegistrationSite.describe());
            if (!hadSignature) {
                d.tableMayHaveChanged(entry);
            }
        }
    }

    /** The entry, with its reference invoker and redispatcher built (once); the signature is fixed. */
    private OperatorEntry referenceInvokers(MethodType signature) {
        if (entry.cachedReferenceInvoker() == null) {
            synchronized (entry.dispatcher().registrationLock()) {
                if (entry.cachedReferenceInvoker() == null) {
                    entry.cacheReferenceInvoker(ReferenceInvokers.invoker(entry, signature),
                            ReferenceInvokers.redispatcher(entry, signature));
                }
            }
        }
        return entry;
    }

    // ---- inspection ----

    /** The c10-style error a call that reaches {@code key} with no kernel raises. */
    public String missingKernelMessage(DispatchKey key) {
        return entry.missingKernelMessage(key);
    }

    /** Schema, signature and every registration (c10's dumpState). */
    public String dumpState() {
        synchronized (entry.dispatcher().registrationLock()) {
            return entry.dumpState();
        }
    }

    /** One line per key that has a table entry: {@code CPU: registered at X.java:12 [kernel]}. */
    public String dumpComputedTable() {
        return entry.dumpComputedTable();
    }

    @Override
    public String toString() {
        return "OperatorHandle(" + entry.name() + ")";
    }
}
