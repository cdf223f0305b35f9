package org.jitdispatch.jit.spin;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import org.jitdispatch.runtime.profiler.RecordFunction;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * Wraps a call-site target in record-function events while a profiler session is active:
 * {@code token = RecordFunction.enter(name, args); try { target(args) } finally { exit(token) }}. Sites
 * are re-spun when a session starts or stops, so without a session no site carries any of this.
 */
final class ProfiledTarget {
    private static final MethodHandle ENTER;
    private static final MethodHandle EXIT_RETURNING;
    private static final MethodHandle EXIT;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            ENTER = l.findStatic(RecordFunction.class, "enter",
                    MethodType.methodType(int.class, String.class, Object[].class));
            EXIT_RETURNING = l.findStatic(ProfiledTarget.class, "exitReturning",
                    MethodType.methodType(Object.class, Throwable.class, Object.class, int.class));
            EXIT = l.findStatic(ProfiledTarget.class, "exit",
                    MethodType.methodType(void.class, Throwable.class, int.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private ProfiledTarget() {
    }

    /** PyTorch's event name: the operator without its overload, e.g. {@code aten::add}. */
    static String eventName(OperatorName op) {
        return op.namespace().isEmpty() ? op.name() : op.namespace() + "::" + op.name();
    }

    static MethodHandle wrap(OperatorName op, MethodHandle target, boolean recordShapes) {
        MethodType type = target.type();
        Class<?> ret = type.returnType();
        // (int token, P...) -> R
        MethodHandle withToken = MethodHandles.dropArguments(target, 0, int.class);
        // cleanup: (Throwable, [R,] int token, P...) -> R
        MethodHandle cleanup;
        if (ret == void.class) {
            cleanup = MethodHandles.dropArguments(EXIT, 2, type.parameterList());
        } else {
            cleanup = MethodHandles.dropArguments(
                    EXIT_RETURNING.asType(MethodType.methodType(ret, Throwable.class, ret, int.class)),
                    3, type.parameterList());
        }
        MethodHandle guarded = MethodHandles.tryFinally(withToken, cleanup);
        MethodHandle enter;
        if (recordShapes) {
            enter = MethodHandles.insertArguments(ENTER, 0, eventName(op))
                    .asCollector(Object[].class, type.parameterCount())
                    .asType(MethodType.methodType(int.class, type.parameterList()));
        } else {
            // no argument array when shapes are not recorded: one less allocation per call
            enter = MethodHandles.dropArguments(MethodHandles.insertArguments(ENTER, 0, eventName(op), null),
                    0, type.parameterList());
        }
        return MethodHandles.foldArguments(guarded, 0, enter);
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static Object exitReturning(Throwable t, Object result, int token) {
        RecordFunction.exit(token);
        return result;
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static void exit(Throwable t, int token) {
        RecordFunction.exit(token);
    }
}
