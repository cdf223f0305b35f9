package org.jitdispatch.jit.gen.api;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;

/**
 * Emits a call through a {@code static final MethodHandle}: {@code invokeExact} declares Throwable, so the
 * call sits in a try whose catch hands the throwable to {@code OpSupport.rethrow} (kernels throw only
 * unchecked exceptions). One place for the shape every generated API method and kernel uses.
 */
public final class HandleCalls {
    private HandleCalls() {
    }

    /** {@code return (R) invoke;}, or {@code invoke;} when {@code ret} is void. */
    public static void returning(MethodSpec.Builder m, CodeBlock invoke, TypeName ret) {
        emit(m, ret.equals(TypeName.VOID) ? CodeBlock.of("$L", invoke) : CodeBlock.of("return ($T) $L", ret, invoke));
    }

    /** {@code target = (R) invoke;}, or {@code invoke;} when {@code ret} is void. */
    public static void assigning(MethodSpec.Builder m, String target, CodeBlock invoke, TypeName ret) {
        emit(m, ret.equals(TypeName.VOID) ? CodeBlock.of("$L", invoke)
                : CodeBlock.of("$N = ($T) $L", target, ret, invoke));
    }

    private static void emit(MethodSpec.Builder m, CodeBlock statement) {
        m.beginControlFlow("try")
                .addStatement(statement)
                .nextControlFlow("catch ($T t)", Throwable.class)
                .addStatement("throw $T.rethrow(t)", JavaNames.OP_SUPPORT)
                .endControlFlow();
    }
}
