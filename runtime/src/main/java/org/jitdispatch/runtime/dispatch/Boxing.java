package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.invoke.WrongMethodTypeException;
import java.lang.reflect.Array;
import java.util.Arrays;

/**
 * Adapters between the two calling conventions: a typed kernel called with a stack, and a boxed kernel
 * called with typed arguments. Values are the same Java objects in both conventions, boxed or not
 * ({@link JavaSignatures}), so boxing is a matter of collecting arguments into an array and spreading
 * them back out.
 */
final class Boxing {
    private static final MethodHandle CALL_BOXED_FROM_TYPED;

    static {
        try {
            CALL_BOXED_FROM_TYPED = MethodHandles.lookup().findStatic(Boxing.class, "callBoxedFromTyped",
                    MethodType.methodType(Object.class, BoxedKernel.class, OperatorHandle.class, Class.class,
                            long.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Boxing() {
    }

    /** Runs {@code kernel} on the operator's arguments on top of {@code stack}, leaving its returns there. */
    static void callBoxed(KernelFunction kernel, OperatorHandle op, long keySet, Stack stack) {
        if (kernel.hasBoxed()) {
            kernel.boxed().call(op, DispatchKeySet.fromRaw(keySet), stack);
            return;
        }
        int numArgs = op.schema().arguments().size();
        Object[] args = stack.popN(numArgs);
        Object[] withKeySet = new Object[numArgs + 1];
        withKeySet[0] = keySet;
        System.arraycopy(args, 0, withKeySet, 1, numArgs);
        Object result;
        try {
            result = kernel.unboxedWithRawKeySet().invokeWithArguments(withKeySet);
        } catch (ClassCastException | WrongMethodTypeException e) {
            throw new IllegalArgumentException("Boxed call of " + op.name() + " with arguments "
                    + Arrays.deepToString(args) + " does not fit the kernel's signature "
                    + kernel.signature() + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
        pushReturns(op, result, stack);
    }

    /** Pushes a typed kernel's result: nothing for (), the value for one return, each element of a tuple. */
    static void pushReturns(OperatorHandle op, Object result, Stack stack) {
        int n = op.schema().returns().size();
        if (n == 0) {
            return;
        }
        if (n == 1) {
            stack.push(result);
            return;
        }
        if (result == null || !result.getClass().isArray() || Array.getLength(result) != n) {
            throw new IllegalStateException("Kernel of " + op.name() + " must return an array of " + n
                    + " values for its " + n + " returns, got " + result);
        }
        for (int i = 0; i < n; i++) {
            stack.push(Array.get(result, i));
        }
    }

    /** A boxed kernel as a typed handle {@code (long keySet, P...) -> R} for {@code signature} (P...)R. */
    static MethodHandle typedFromBoxed(OperatorHandle op, BoxedKernel kernel, MethodType signature) {
        MethodHandle call = MethodHandles.insertArguments(CALL_BOXED_FROM_TYPED, 0, kernel, op,
                signature.returnType());
        int n = signature.parameterCount();
        return call.asCollector(Object[].class, n)
                .asType(signature.insertParameterTypes(0, long.class));
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static Object callBoxedFromTyped(BoxedKernel kernel, OperatorHandle op, Class<?> returnType,
                                             long keySet, Object[] args) {
        Stack stack = Stack.of(args);
        kernel.call(op, DispatchKeySet.fromRaw(keySet), stack);
        int n = op.schema().returns().size();
        if (stack.size() != n) {
            throw new IllegalStateException("Boxed kernel of " + op.name() + " left " + stack.size()
                    + " values on the stack; its schema has " + n + " returns");
        }
        if (n == 0) {
            return null;
        }
        if (n == 1) {
            return stack.get(0);
        }
        Object out = Array.newInstance(returnType.getComponentType(), n);
        for (int i = 0; i < n; i++) {
            Array.set(out, i, stack.get(i));
        }
        return out;
    }
}
