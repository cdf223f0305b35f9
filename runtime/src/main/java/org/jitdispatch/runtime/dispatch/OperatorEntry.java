package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * Everything the dispatcher knows about one operator (c10's OperatorEntry): its schema, the kernels
 * registered per key (the newest registration for a key is active; removing it re-activates the one
 * before), its Java signature, and the computed {@link DispatchTable}. Mutated only under the
 * dispatcher's registration lock; read without locking through the volatile table.
 */
final class OperatorEntry {
    private static final MethodHandle MISSING_KERNEL;
    private static final MethodHandle FALLTHROUGH_CALLED;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            MISSING_KERNEL = l.findVirtual(OperatorEntry.class, "throwMissingKernel",
                    MethodType.methodType(Object.class, long.class));
            FALLTHROUGH_CALLED = l.findVirtual(OperatorEntry.class, "throwFallthroughCalled",
                    MethodType.methodType(Object.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final Dispatcher dispatcher;
    private final OperatorName name;
    private final OperatorHandle handle;
    private final EnumMap<DispatchKey, ArrayDeque<AnnotatedKernel>> kernels = new EnumMap<>(DispatchKey.class);

    private FunctionSchema schema;
    private String schemaDebug;
    private int[] dispatchArgIndices = new int[0];
    private MethodType signature;
    private String signatureDebug;
    private volatile DispatchTable table;
    private volatile MethodHandle referenceInvoker;
    private volatile MethodHandle referenceRedispatcher;

    OperatorEntry(Dispatcher dispatcher, OperatorName name) {
        this.dispatcher = dispatcher;
        this.name = name;
        this.handle = new OperatorHandle(this);
        this.table = computeTable();
    }

    OperatorName name() {
        return name;
    }

    OperatorHandle handle() {
        return handle;
    }

    Dispatcher dispatcher() {
        return dispatcher;
    }

    FunctionSchema schema() {
        return schema;
    }

    String schemaDebug() {
        return schemaDebug;
    }

    MethodType signature() {
        return signature;
    }

    DispatchTable table() {
        return table;
    }

    int[] dispatchArgIndices() {
        return dispatchArgIndices;
    }

    MethodHandle cachedReferenceInvoker() {
        return referenceInvoker;
    }

    void cacheReferenceInvoker(MethodHandle invoker, MethodHandle redispatcher) {
        referenceInvoker = invoker;
        referenceRedispatcher = redispatcher;
    }

    MethodHandle cachedReferenceRedispatcher() {
        return referenceRedispatcher;
    }

    boolean isEmpty() {
        return schema == null && kernels.isEmpty();
    }

    // ---- registration (dispatcher lock held) ----

    void registerSchema(FunctionSchema newSchema, String debug) {
        if (schema != null) {
            throw new IllegalStateException("Tried to register an operator (" + qualified(newSchema)
                    + ") with the same name and overload name multiple times. Each overload's schema should only be"
                    + " registered with a single call to def(). Duplicate registration: " + debug
                    + ". Original registration: " + schemaDebug);
        }
        for (ArrayDeque<AnnotatedKernel> ks : kernels.values()) {
            for (AnnotatedKernel k : ks) {
                checkAgainstSchema(newSchema, k.kernel, k.key, k.debug);
            }
        }
        schema = newSchema;
        schemaDebug = debug;
        List<Integer> idx = new ArrayList<>();
        for (int i = 0; i < newSchema.arguments().size(); i++) {
            if (newSchema.arguments().get(i).type().isTensorLike()) {
                idx.add(i);
            }
        }
        dispatchArgIndices = idx.stream().mapToInt(Integer::intValue).toArray();
    }

    void deregisterSchema() {
        schema = null;
        schemaDebug = null;
        dispatchArgIndices = new int[0];
    }

    AnnotatedKernel registerKernel(DispatchKey key, KernelFunction kernel, String debug) {
        if (schema != null) {
            checkAgainstSchema(schema, kernel, key, debug);
        }
        MethodType kernelSignature = kernel.signature();
        if (kernelSignature != null) {
            if (signature == null) {
                signature = kernelSignature;
                signatureDebug = debug;
            } else if (!signature.equals(kernelSignature)) {
                throw new IllegalArgumentException("Mismatch in kernel Java signatures\n  operator: " + name
                        + "\n    " + (schema == null ? "no schema yet" : "schema " + qualified(schema))
                        + "\n  kernel 1: " + signature + "\n    registered at " + signatureDebug
                        + "\n  kernel 2: " + kernelSignature + "\n    dispatch key: " + key + "\n    " + debug);
            }
        }
        AnnotatedKernel k = new AnnotatedKernel(kernel, key, debug);
        kernels.computeIfAbsent(key, x -> new ArrayDeque<>()).addFirst(k);
        return k;
    }

    void deregisterKernel(AnnotatedKernel k) {
        ArrayDeque<AnnotatedKernel> ks = kernels.get(k.key);
        if (ks == null || !ks.remove(k)) {
            throw new IllegalStateException("Kernel for " + k.key + " of " + name + " is not registered");
        }
        if (ks.isEmpty()) {
            kernels.remove(k.key);
        }
    }

    /** Fixes the operator's Java signature when it is first called typed with no typed kernel registered. */
    void fixSignature(MethodType type, String debug) {
        if (signature == null) {
            JavaSignatures.check(schema, type, "typed access to " + name);
            signature = type;
            signatureDebug = debug;
        } else if (!signature.equals(type)) {
            throw new IllegalArgumentException("Tried to access or call an operator with a wrong signature.\n  operator: "
                    + qualified(schema) + "\n    registered at " + schemaDebug + "\n  correct signature:  " + signature
                    + "\n    accessed/called as: " + type + "\n    " + debug);
        }
    }

    private void checkAgainstSchema(FunctionSchema s, KernelFunction kernel, DispatchKey key, String debug) {
        MethodType t = kernel.signature();
        if (t != null) {
            JavaSignatures.check(s, t, "kernel for " + key + " of " + qualified(s) + " (" + debug + ")");
        }
    }

    /** Recomputes and publishes the table; returns whether it changed. */
    boolean updateTable() {
        DispatchTable old = table;
        DispatchTable fresh = computeTable();
        table = fresh;
        return !sameEntries(old, fresh);
    }

    private DispatchTable computeTable() {
        Map<DispatchKey, AnnotatedKernel> active = activeKernels();
        DispatchTable.Entry[] entries = new DispatchTable.Entry[DispatchKey.NUM_RUNTIME_KEYS];
        long nonFallthrough = DispatchKeySet.FULL.raw();
        for (int i = 0; i < entries.length; i++) {
            DispatchKey key = DispatchKey.fromOrdinal(i);
            entries[i] = TableComputation.compute(key, active, dispatcher::fallbackFor);
            if (entries[i].kernel() != null && entries[i].kernel().isFallthrough()) {
                nonFallthrough &= ~key.bit();
            }
        }
        if (schema == null || signature == null) {
            return new DispatchTable(entries, nonFallthrough, null);
        }
        MethodType typed = signature;
        return new DispatchTable(entries, nonFallthrough, (key, entry) -> invokerFor(typed, entry));
    }

    private MethodHandle invokerFor(MethodType signature, DispatchTable.Entry e) {
        MethodType withKeySet = signature.insertParameterTypes(0, long.class);
        KernelFunction k = e.kernel();
        if (k == null || k.isFallthrough()) {
            MethodHandle thrower = (k == null ? MISSING_KERNEL : FALLTHROUGH_CALLED).bindTo(this);
            return MethodHandles.dropArguments(thrower, 1, signature.parameterList())
                    .asType(withKeySet);
        }
        if (k.hasUnboxed()) {
            return k.unboxedWithRawKeySet().asType(withKeySet);
        }
        return Boxing.typedFromBoxed(handle, k.boxed(), signature);
    }

    @SuppressWarnings("unused") // via MethodHandle
    private Object throwMissingKernel(long keySet) {
        throw new NotImplementedError(missingKernelMessage(DispatchKeySet.highestKey(keySet)));
    }

    @SuppressWarnings("unused") // via MethodHandle
    private Object throwFallthroughCalled(long keySet) {
        throw new IllegalStateException("The fallthrough entry of " + name + " for "
                + DispatchKeySet.highestKey(keySet) + " was called; fallthrough keys must be masked out of the key set");
    }

    private Map<DispatchKey, AnnotatedKernel> activeKernels() {
        Map<DispatchKey, AnnotatedKernel> active = new EnumMap<>(DispatchKey.class);
        kernels.forEach((k, list) -> active.put(k, list.peekFirst()));
        return active;
    }

    private static boolean sameEntries(DispatchTable a, DispatchTable b) {
        if (a.nonFallthroughKeys() != b.nonFallthroughKeys() || a.hasInvokers() != b.hasInvokers()) {
            return false;
        }
        for (int i = 0; i < DispatchKey.NUM_RUNTIME_KEYS; i++) {
            DispatchKey k = DispatchKey.fromOrdinal(i);
            if (a.entry(k).kernel() != b.entry(k).kernel()) {
                return false;
            }
        }
        return true;
    }

    // ---- messages ----

    String qualified(FunctionSchema s) {
        return s == null ? name.toString() : name + s.toString().substring(s.name().toString().length());
    }

    /** c10's missing-kernel error (OperatorEntry::reportError), without the mobile-build hint. */
    String missingKernelMessage(DispatchKey key) {
        if (key == DispatchKey.Undefined) {
            return "There were no tensor arguments to this function (e.g., you passed an empty list of Tensors),"
                    + " but no fallback function is registered for schema " + name + ".  This usually means that this"
                    + " function requires a non-empty list of Tensors, or that you (the operator writer) forgot to"
                    + " register a fallback function.  Available functions are " + listAllDispatchKeys() + ".\n\n"
                    + dumpComputedTable();
        }
        return "Could not run '" + name + "' with arguments from the '" + key + "' backend. This could be because"
                + " the operator doesn't exist for this backend, or was omitted during the selective/custom build"
                + " process (if using custom build). '" + name + "' is only available for these backends: "
                + listAllDispatchKeys() + ".\n\n" + dumpComputedTable();
    }

    /** Runtime keys whose table entry is not missing, in priority order (lowest first), as c10 lists them. */
    String listAllDispatchKeys() {
        StringBuilder sb = new StringBuilder("[");
        DispatchTable t = table;
        for (DispatchKey k : DispatchKeySet.FULL) {
            if (!t.entry(k).isMissing()) {
                sb.append(sb.length() == 1 ? "" : ", ").append(k);
            }
        }
        return sb.append(']').toString();
    }

    /** One line per non-missing entry: {@code CPU: registered at X.java:12 [kernel]}. */
    String dumpComputedTable() {
        StringBuilder sb = new StringBuilder();
        DispatchTable t = table;
        for (int i = 0; i < DispatchKey.NUM_RUNTIME_KEYS; i++) {
            DispatchKey k = DispatchKey.fromOrdinal(i);
            DispatchTable.Entry e = t.entry(k);
            if (!e.isMissing()) {
                sb.append(k).append(": ").append(e.kernel().isFallthrough() ? "fallthrough " : "")
                        .append(e.debug()).append(" [").append(e.source()).append("]\n");
            }
        }
        return sb.toString();
    }

    /** Schema, signature and every registration, active and inactive (c10's dumpState). */
    String dumpState() {
        StringBuilder sb = new StringBuilder();
        sb.append("name: ").append(name).append('\n');
        if (schema != null) {
            sb.append("schema: ").append(qualified(schema)).append('\n');
            sb.append("debug: ").append(schemaDebug).append('\n');
        } else {
            sb.append("schema: (none)\n");
        }
        sb.append("java signature: ").append(signature == null ? "(none yet)" : signature.toString()).append('\n');
        kernels.forEach((key, list) -> {
            int i = 0;
            for (AnnotatedKernel k : list) {
                sb.append(key).append(key.isAlias() ? "[alias]" : "").append(i++ > 0 ? " (inactive)" : "")
                        .append(": ").append(k.debug).append(" [ ").append(k.kernel.describe()).append(" ]\n");
            }
        });
        return sb.toString();
    }

    /** Keys (runtime or alias) that have a registered kernel. */
    List<DispatchKey> registeredKeys() {
        return new ArrayList<>(kernels.keySet());
    }
}
