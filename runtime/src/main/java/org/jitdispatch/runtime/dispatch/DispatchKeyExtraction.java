package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The union of the key sets of an operator's dispatch arguments (Tensor, Tensor?, Tensor[], Tensor?[]),
 * from a boxed stack or as a MethodHandle over the typed arguments (c10's DispatchKeyExtractor). Other
 * arguments never contribute, and a None tensor contributes nothing.
 */
public final class DispatchKeyExtraction {
    private static final MethodHandle KEYS_OF_TENSOR;
    private static final MethodHandle KEYS_OF_TENSORS;
    private static final MethodHandle OR;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            KEYS_OF_TENSOR = l.findStatic(DispatchKeyExtraction.class, "keysOf",
                    MethodType.methodType(long.class, TensorImpl.class));
            KEYS_OF_TENSORS = l.findStatic(DispatchKeyExtraction.class, "keysOf",
                    MethodType.methodType(long.class, TensorImpl[].class));
            OR = l.findStatic(DispatchKeyExtraction.class, "or",
                    MethodType.methodType(long.class, long.class, long.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private DispatchKeyExtraction() {
    }

    /** Keys of one tensor; none for null (an absent optional tensor). */
    public static long keysOf(TensorImpl t) {
        return t == null ? 0L : t.keySetBits();
    }

    /** Keys of a tensor list; null elements (absent optionals) contribute none. */
    public static long keysOf(TensorImpl[] ts) {
        long ks = 0;
        if (ts != null) {
            for (TensorImpl t : ts) {
                if (t != null) {
                    ks |= t.keySetBits();
                }
            }
        }
        return ks;
    }

    /** Keys of one boxed value that is a dispatch argument. */
    public static long keysOfValue(Object v) {
        if (v instanceof TensorImpl t) {
            return t.keySetBits();
        }
        if (v instanceof TensorImpl[] ts) {
            return keysOf(ts);
        }
        return 0L;
    }

    /**
     * Keys of the dispatch arguments on top of a stack that holds an operator's {@code numArgs}
     * arguments (not popped).
     */
    public static long fromStack(Stack stack, int numArgs, int[] dispatchArgIndices) {
        int base = stack.size() - numArgs;
        long ks = 0;
        for (int i : dispatchArgIndices) {
            ks |= keysOfValue(stack.get(base + i));
        }
        return ks;
    }

    /** Keys of the dispatch arguments among typed arguments. */
    public static long fromArguments(Object[] args, int[] dispatchArgIndices) {
        long ks = 0;
        for (int i : dispatchArgIndices) {
            ks |= keysOfValue(args[i]);
        }
        return ks;
    }

    /**
     * A handle {@code (P...) -> long} that ORs the key sets of the parameters at {@code dispatchArgIndices}
     * of {@code type}; each such parameter is a TensorImpl or an array of TensorImpl.
     */
    public static MethodHandle extractor(MethodType type, int[] dispatchArgIndices) {
        MethodType argsOnly = type.changeReturnType(long.class);
        if (dispatchArgIndices.length == 0) {
            return MethodHandles.dropArguments(MethodHandles.constant(long.class, 0L), 0, argsOnly.parameterList());
        }
        MethodHandle[] perArg = new MethodHandle[dispatchArgIndices.length];
        for (int j = 0; j < dispatchArgIndices.length; j++) {
            Class<?> p = type.parameterType(dispatchArgIndices[j]);
            MethodHandle keysOf = p.isArray() ? KEYS_OF_TENSORS : KEYS_OF_TENSOR;
            perArg[j] = keysOf.asType(MethodType.methodType(long.class, p));
        }
        MethodHandle combined = MethodHandles.filterArguments(orOf(perArg.length), 0, perArg);
        return MethodHandles.permuteArguments(combined, argsOnly, dispatchArgIndices);
    }

    /** (long x n) -&gt; long, the OR of n longs. */
    private static MethodHandle orOf(int n) {
        if (n == 1) {
            return MethodHandles.identity(long.class);
        }
        return MethodHandles.collectArguments(OR, 1, orOf(n - 1));
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static long or(long a, long b) {
        return a | b;
    }
}
