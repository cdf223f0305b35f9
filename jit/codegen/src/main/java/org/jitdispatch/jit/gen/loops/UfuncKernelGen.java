package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.model.LoopType;
import org.jitdispatch.jit.model.Ufunc;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code UfuncKernels}: the general-path kernels of ufuncs.yaml, one method per (ufunc, loop type), over a
 * committed TensorIterator of any shapes, strides and dtypes (ATen's {@code cpu_kernel} instantiated by
 * {@code AT_DISPATCH}). The iterator's typed cursor ({@code FloatLoop}, {@code LongLoop}, ...) hands each chunk
 * to the loop as arrays of the loop's type, converting storage dtypes on the way in and out; the loop body is
 * a plain counted loop, compiled with the method that holds it, so every (ufunc, type) has its own type
 * profile. Expressions may call the element functions of {@code kernels.ops.ScalarMath}
 * ({@code ScalarMath.erf(self)}), which the generated class imports. For {@code lt} ({@code self < other},
 * {@code result: bool}) over {@code float} it writes
 *
 * <pre>{@code
 * public static void lt_float(TensorIterator it) {
 *     if (it.isCpuScalar(2)) {
 *         float other = ZeroDimValues.asFloatIn(it.tensor(2), it.commonDtypeIfKnown());
 *         it.removeOperand(2);
 *         lt_float_otherScalar(it, other);
 *         return;
 *     }
 *     if (it.isParallel()) {
 *         Parallel.parallelFor(0, it.numel(), Parallel.GRAIN_SIZE, (begin, end) -> lt_float_range(it, begin, end));
 *     } else {
 *         lt_float_range(it, 0, it.numel());
 *     }
 * }
 *
 * private static void lt_float_range(TensorIterator it, long begin, long end) {
 *     FloatLoop c = it.floatToBooleanLoop(begin, end);
 *     while (c.next()) {
 *         boolean[] out = c.outBool();
 *         float[] selfData = c.in0();
 *         float[] otherData = c.in1();
 *         for (int i = c.start(), e = c.end(); i < e; i++) {
 *             float self = selfData[i];
 *             float other = otherData[i];
 *             out[i] = self < other;
 *         }
 *     }
 * }
 * }</pre>
 *
 * and {@code lt_float_otherScalar}, the same loop with {@code other} one value read once. A second input
 * that is a CPU scalar (a wrapped number or a 0-dim CPU tensor) is read once and dropped from the iterator,
 * as ATen's binary kernels do, converted as the cursor would convert it. The boolean loops have no scalar
 * variant. Above {@code Parallel.GRAIN_SIZE} elements with more than one thread the range method runs over
 * chunks on the intra-op pool; every element is computed by the same expression whatever the chunking.
 */
final class UfuncKernelGen {
    static final ClassName UFUNC_KERNELS = ClassName.get(JavaNames.GENERATED_PACKAGE, "UfuncKernels");
    private static final ClassName TENSOR_ITERATOR = JavaNames.TENSOR_ITERATOR;
    private static final ClassName PARALLEL = ClassName.get("org.jitdispatch.kernels.parallel", "Parallel");
    private static final ClassName SCALAR_TYPE = ClassName.get("org.jitdispatch.runtime", "ScalarType");
    private static final ClassName ZERO_DIM_VALUES = ClassName.get(JavaNames.KERNEL_PACKAGE, "ZeroDimValues");

    /** Operand index of the second input: the output is operand 0, the first input operand 1. */
    private static final int SECOND_INPUT = 2;

    private UfuncKernelGen() {
    }

    static JavaFile generate(List<Ufunc> ufuncs) {
        TypeSpec.Builder type = TypeSpec.classBuilder(UFUNC_KERNELS)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Elementwise loops over a TensorIterator generated from ufuncs.yaml: one per (ufunc, loop"
                        + " type).\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (Ufunc u : ufuncs) {
            if (!u.iteratorTypes().isEmpty() && u.scalars().isEmpty()) {
                type.addMethod(dispatch(u));
            }
            for (LoopType t : u.iteratorTypes()) {
                Optional<String> scalarInput = scalarInput(u, t);
                type.addMethod(entry(u, t, scalarInput, false));
                type.addMethod(range(u, t, Optional.empty()));
                if (scalarInput.isPresent()) {
                    type.addMethod(entry(u, t, scalarInput, true));
                    type.addMethod(range(u, t, scalarInput));
                }
            }
        }
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, type.build()).skipJavaLangImports(true).build();
    }

    /**
     * {@code lt(it, dtype)}: ATen's {@code AT_DISPATCH}, float32 to the {@code float} loop, float64 to
     * {@code double}, int32 and int64 to {@code long}, bool to {@code boolean}. The kernel names the dtype:
     * the iterator's common dtype for most ops, the output's where inputs are not promoted ({@code where}).
     * Generated for ufuncs without scalars (whose per-type values the kernel converts itself).
     */
    private static MethodSpec dispatch(Ufunc u) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(u.name())
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("{@code $L} over the iterator's elements, in the loop of {@code dtype}.\n", u.expression())
                .addParameter(TENSOR_ITERATOR, "it")
                .addParameter(SCALAR_TYPE, "dtype");
        m.beginControlFlow("switch (dtype)");
        for (LoopType t : u.iteratorTypes()) {
            String labels = t.computes().stream().map(ScalarType::name).collect(Collectors.joining(", "));
            m.addStatement("case $L -> $N(it)", labels, methodName(u, t, Optional.empty()));
        }
        m.addStatement("default -> throw new $T($S + dtype)", IllegalArgumentException.class,
                u.name() + ": no loop for dtype ");
        m.endControlFlow();
        return m.build();
    }

    /** The input read once when it is a CPU scalar: the second of two, for arithmetic loop types. */
    private static Optional<String> scalarInput(Ufunc u, LoopType t) {
        return u.inputs().size() == 2 && t != LoopType.BOOLEAN ? Optional.of(u.inputs().get(1)) : Optional.empty();
    }

    /** {@code lt_float}, or {@code lt_float_otherScalar} when {@code scalar} names the input given as a value. */
    static String methodName(Ufunc u, LoopType t, Optional<String> scalar) {
        return u.name() + "_" + t.javaName() + scalar.map(s -> "_" + s + "Scalar").orElse("");
    }

    /**
     * The method kernels call: with {@code asScalar} false, the loop over every input as a tensor, which first
     * hands a CPU-scalar second input to the scalar variant; with {@code asScalar} true, that variant.
     */
    private static MethodSpec entry(Ufunc u, LoopType t, Optional<String> scalarInput, boolean asScalar) {
        Optional<String> scalar = asScalar ? scalarInput : Optional.empty();
        MethodSpec.Builder m = MethodSpec.methodBuilder(methodName(u, t, scalar))
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("{@code $L} over the iterator's elements, computing in {@code $L}$L.\n",
                        u.expression(t), t.javaName(),
                        scalar.map(s -> ", with {@code " + s + "} one value (removed from the iterator)").orElse(""));
        parameters(m, u, t, scalar);
        if (!asScalar && scalarInput.isPresent()) {
            String s = scalarInput.get();
            m.beginControlFlow("if (it.isCpuScalar($L))", SECOND_INPUT)
                    // a float loop also serves float16 and bfloat16, a long loop the narrower integers: the value
                    // is cast to that common dtype first, as ATen casts its inputs
                    .addStatement(t == LoopType.FLOAT || t == LoopType.LONG
                            ? CodeBlock.of("$T $N = $T.$N(it.tensor($L), it.commonDtypeIfKnown())", javaType(t), s,
                                    ZERO_DIM_VALUES, t == LoopType.FLOAT ? "asFloatIn" : "asLongIn", SECOND_INPUT)
                            : CodeBlock.of("$T $N = $T.$N(it.tensor($L))", javaType(t), s, ZERO_DIM_VALUES,
                                    valueReader(t), SECOND_INPUT))
                    .addStatement("it.removeOperand($L)", SECOND_INPUT)
                    .addStatement("$N($L)", methodName(u, t, scalarInput), arguments(u, scalarInput))
                    .addStatement("return")
                    .endControlFlow();
        }
        String range = methodName(u, t, scalar) + "_range";
        String args = arguments(u, scalar);
        m.beginControlFlow("if (it.isParallel())")
                .addStatement("$T.parallelFor(0, it.numel(), $T.GRAIN_SIZE, (begin, end) -> $N($L, begin, end))",
                        PARALLEL, PARALLEL, range, args)
                .nextControlFlow("else")
                .addStatement("$N($L, 0, it.numel())", range, args)
                .endControlFlow();
        return m.build();
    }

    /** {@code lt_float_range}: the elements {@code [begin, end)}, chunk by chunk of the typed cursor. */
    private static MethodSpec range(Ufunc u, LoopType t, Optional<String> scalar) {
        TypeName element = javaType(t);
        boolean writesBooleans = u.boolResult() || t == LoopType.BOOLEAN;
        MethodSpec.Builder m = MethodSpec.methodBuilder(methodName(u, t, scalar) + "_range")
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("The elements {@code [begin, end)} of {@link #$N}.\n", methodName(u, t, scalar));
        parameters(m, u, t, scalar);
        m.addParameter(long.class, "begin").addParameter(long.class, "end");
        ClassName cursor = ElementType.of(t.dtype()).loopClass();
        String open = t.javaName() + "Loop";
        if (u.boolResult() && t != LoopType.BOOLEAN) {
            open = t.javaName() + "ToBooleanLoop";
        }
        m.addStatement("$T c = it.$N(begin, end)", cursor, open);
        m.beginControlFlow("while (c.next())");
        m.addStatement("$T out = c.$N()", writesBooleans ? ArrayTypeName.of(boolean.class) : ArrayTypeName.of(element),
                writesBooleans ? "outBool" : "out");
        List<String> read = new ArrayList<>();
        for (String in : u.inputs()) {
            if (scalar.isEmpty() || !scalar.get().equals(in)) {
                m.addStatement("$T $NData = c.in$L()", ArrayTypeName.of(element), in, read.size());
                read.add(in);
            }
        }
        m.beginControlFlow("for (int i = c.start(), e = c.end(); i < e; i++)");
        for (String in : read) {
            m.addStatement("$T $N = $NData[i]", element, in, in);
        }
        if (writesBooleans) {
            m.addStatement("out[i] = $L", Expressions.code(u.expression(t)));
        } else {
            m.addStatement("out[i] = ($T) ($L)", element, Expressions.code(u.expression(t)));
        }
        m.endControlFlow();
        m.endControlFlow();
        return m.build();
    }

    private static void parameters(MethodSpec.Builder m, Ufunc u, LoopType t, Optional<String> scalar) {
        m.addParameter(TENSOR_ITERATOR, "it");
        for (String s : u.scalars()) {
            m.addParameter(javaType(t), s);
        }
        scalar.ifPresent(s -> m.addParameter(javaType(t), s));
    }

    private static String arguments(Ufunc u, Optional<String> scalar) {
        List<String> args = new ArrayList<>();
        args.add("it");
        args.addAll(u.scalars());
        scalar.ifPresent(args::add);
        return String.join(", ", args);
    }

    private static String valueReader(LoopType t) {
        return switch (t) {
            case FLOAT -> "asFloat";
            case DOUBLE -> "asDouble";
            case LONG -> "asLong";
            case BOOLEAN -> throw new IllegalArgumentException("boolean loops read no scalar operand");
        };
    }

    private static TypeName javaType(LoopType t) {
        return ElementType.of(t.dtype()).javaType();
    }
}
