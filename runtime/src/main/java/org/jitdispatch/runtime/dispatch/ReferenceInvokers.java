package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Builds the reference dispatcher's typed call as a MethodHandle of the operator's signature: read the
 * current table once, OR the dispatch arguments' keys, apply this thread's include/exclude sets and the
 * table's fallthrough mask, look the kernel up by the highest key, and invoke it. It is a plain table
 * lookup like c10's OperatorEntry, with the kernel as a non-constant handle: the baseline and the oracle
 * for compiled call sites.
 */
final class ReferenceInvokers {
    private static final MethodHandle CURRENT_TABLE;
    private static final MethodHandle KEY_SET_FOR_CALL;
    private static final MethodHandle KEY_SET_FOR_REDISPATCH;
    private static final MethodHandle INVOKER_FOR;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CURRENT_TABLE = l.findVirtual(OperatorEntry.class, "table", MethodType.methodType(DispatchTable.class));
            KEY_SET_FOR_CALL = l.findStatic(ReferenceInvokers.class, "keySetForCall",
                    MethodType.methodType(long.class, DispatchTable.class, long.class));
            KEY_SET_FOR_REDISPATCH = l.findStatic(ReferenceInvokers.class, "keySetForRedispatch",
                    MethodType.methodType(long.class, DispatchTable.class, long.class));
            INVOKER_FOR = l.findStatic(ReferenceInvokers.class, "invokerFor",
                    MethodType.methodType(MethodHandle.class, DispatchTable.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ReferenceInvokers() {
    }

    /** {@code (P...) -> R}: a full dispatch of the operator. */
    static MethodHandle invoker(OperatorEntry entry, MethodType signature) {
        // (long ks, DispatchTable t, P...) -> R: invoke t's kernel for ks with (ks, P...)
        MethodHandle call = keySetFirst(callWithTable(signature), signature);
        // ks = keySetForCall(t, keys of the dispatch arguments): (DispatchTable t, P...) -> R
        MethodHandle keySet = MethodHandles.collectArguments(KEY_SET_FOR_CALL, 1,
                DispatchKeyExtraction.extractor(signature, entry.dispatchArgIndices()));
        MethodHandle withTable = MethodHandles.foldArguments(call, 0, keySet);
        // t = the table as of now, read once per call: (P...) -> R
        return MethodHandles.foldArguments(withTable, 0, CURRENT_TABLE.bindTo(entry));
    }

    /** {@code (long keySet, P...) -> R}: c10's redispatch: no TLS, only the operator's fallthrough mask. */
    static MethodHandle redispatcher(OperatorEntry entry, MethodType signature) {
        // (long ks, DispatchTable t, long given, P...) -> R
        MethodHandle call = MethodHandles.dropArguments(keySetFirst(callWithTable(signature), signature), 2, long.class);
        // ks = given & t's mask: (DispatchTable t, long given, P...) -> R
        MethodHandle withTable = MethodHandles.foldArguments(call, 0, KEY_SET_FOR_REDISPATCH);
        return MethodHandles.foldArguments(withTable, 0, CURRENT_TABLE.bindTo(entry));
    }

    /** {@code (DispatchTable t, long ks, P...) -> R}. */
    private static MethodHandle callWithTable(MethodType signature) {
        MethodType kernelType = signature.insertParameterTypes(0, long.class);
        MethodHandle invokeKernel = MethodHandles.exactInvoker(kernelType); // (MH, long, P...) -> R
        MethodHandle withTable = MethodHandles.dropArguments(invokeKernel, 1, DispatchTable.class);
        // fold INVOKER_FOR(t, ks) into position 0
        return MethodHandles.foldArguments(withTable, 0, INVOKER_FOR);
    }

    /** (DispatchTable t, long ks, P...) -&gt; (long ks, DispatchTable t, P...). */
    private static MethodHandle keySetFirst(MethodHandle tableFirst, MethodType signature) {
        MethodType swapped = signature.insertParameterTypes(0, long.class, DispatchTable.class);
        int[] order = new int[swapped.parameterCount()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        order[0] = 1;
        order[1] = 0;
        return MethodHandles.permuteArguments(tableFirst, swapped, order);
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static long keySetForCall(DispatchTable t, long tensorKeys) {
        return LocalDispatchKeySet.applyTo(tensorKeys, t.nonFallthroughKeys());
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static long keySetForRedispatch(DispatchTable t, long given) {
        return given & t.nonFallthroughKeys();
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static MethodHandle invokerFor(DispatchTable t, long keySet) {
        return t.invoker(keySet);
    }
}
