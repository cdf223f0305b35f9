package org.jitdispatch.kernels;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.stream.Collectors;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.KernelFunction;
import org.jitdispatch.runtime.dispatch.OperatorHandle;

/**
 * {@code -Djitdispatch.bypass=add.Tensor,mul.Tensor}: the start-up switch that gives listed operators
 * the behaviour of {@code manual_bindings: True} without a rebuild. Their API handle becomes the CPU
 * kernel itself (behind a check that every tensor is on the CPU) instead of the compiled call site, so
 * one build can measure both paths.
 */
final class Bypass {
    static final String PROPERTY = "jitdispatch.bypass";
    private static final MethodHandle CHECK_TENSOR;
    private static final MethodHandle CHECK_TENSORS;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CHECK_TENSOR = l.findStatic(Bypass.class, "checked",
                    MethodType.methodType(TensorImpl.class, String.class, String.class, TensorImpl.class));
            CHECK_TENSORS = l.findStatic(Bypass.class, "checked",
                    MethodType.methodType(TensorImpl[].class, String.class, String.class, TensorImpl[].class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private Bypass() {
    }

    /** The qualified names listed in the property ({@code add.Tensor} means {@code aten::add.Tensor}). */
    static Set<String> requested() {
        String value = System.getProperty(PROPERTY, "").trim();
        if (value.isEmpty()) {
            return Set.of();
        }
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(s -> s.contains("::") ? s : "aten::" + s)
                .collect(Collectors.toCollection(LinkedHashSet::new));
    }

    /** The operator's CPU kernel with a CPU check on every tensor argument, as the API handle. */
    static MethodHandle handle(OperatorHandle op, MethodType type) {
        KernelFunction cpu = op.table().entry(DispatchKey.CPU).kernel();
        if (cpu == null || !cpu.hasUnboxed() || cpu.isFallthrough()) {
            throw new IllegalStateException("-D" + PROPERTY + " lists " + op.name() + ", which has no typed CPU kernel to"
                    + " call directly");
        }
        MethodHandle kernel = MethodHandles.insertArguments(cpu.unboxedWithRawKeySet(), 0, DispatchKey.CPU.bit())
                .asType(type);
        for (int i : op.dispatchArgumentIndices()) {
            Class<?> p = type.parameterType(i);
            MethodHandle check = p.isArray() ? CHECK_TENSORS : CHECK_TENSOR;
            check = MethodHandles.insertArguments(check, 0, op.name().toString(), op.schema().arguments().get(i).name())
                    .asType(MethodType.methodType(p, p));
            kernel = MethodHandles.filterArguments(kernel, i, check);
        }
        return kernel;
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static TensorImpl checked(String op, String argument, TensorImpl t) {
        OpSupport.checkManualBinding(op, argument, t);
        return t;
    }

    @SuppressWarnings("unused") // via MethodHandle
    private static TensorImpl[] checked(String op, String argument, TensorImpl[] ts) {
        OpSupport.checkManualBinding(op, argument, ts);
        return ts;
    }
}
