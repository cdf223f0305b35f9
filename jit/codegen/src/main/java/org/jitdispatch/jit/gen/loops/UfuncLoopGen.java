package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.model.Ufunc;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.TensorImpl;

/**
 * {@code UfuncLoops}: the loops of ufuncs.yaml, one static method per (ufunc, dtype, operand shape), as
 * ATen's {@code cpu_kernel_vec} instantiates one inner loop per dtype. Each method is a plain counted loop
 * over arrays with offsets, which C2 vectorizes, and has a type profile of its own, so one dtype's or one
 * op's calls never make another's code polymorphic.
 *
 * <p>For {@code add} ({@code self + alpha * other}) over Float32 it writes
 *
 * <pre>{@code
 * static void add_Float32(float[] out, int outOffset, float[] selfData, int selfOffset, float[] otherData,
 *         int otherOffset, int n, float alpha) {
 *     if (selfOffset == outOffset && otherOffset == outOffset) {
 *         ... the same loop with one index for every array, which C2 vectorizes
 *     }
 *     for (int i = 0; i < n; i++) {
 *         float self = selfData[selfOffset + i];
 *         float other = otherData[otherOffset + i];
 *         out[outOffset + i] = (float) (self + alpha * other);
 *     }
 * }
 * }</pre>
 *
 * and, for two inputs, {@code add_Float32_otherScalar} and {@code add_Float32_selfScalar}, where that
 * operand is one value broadcast over the loop (a 0-dim tensor or a wrapped number). A method of the same
 * name over tensors ({@code add_Float32(TensorImpl out, TensorImpl self, TensorImpl other, float alpha)})
 * picks among them for contiguous CPU operands of the output's sizes, of its trailing sizes (a row repeated
 * along the leading dims) or of one value (0-dim or expanded). Up to {@code Parallel.GRAIN_SIZE} elements it
 * runs them on the caller's thread with nothing allocated; above, {@code add_Float32_parallel} runs
 * {@code add_Float32_range}, the same choice over the elements {@code [begin, end)}, over contiguous chunks
 * on the intra-op pool ({@code Parallel.parallelFor}). Every
 * element is computed by the same expression whatever the chunking, so results do not depend on the thread count.
 */
final class UfuncLoopGen {
    static final ClassName UFUNC_LOOPS = ClassName.get(JavaNames.GENERATED_PACKAGE, "UfuncLoops");

    private UfuncLoopGen() {
    }

    static JavaFile generate(List<Ufunc> ufuncs) {
        TypeSpec.Builder type = TypeSpec.classBuilder(UFUNC_LOOPS)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Elementwise loops generated from ufuncs.yaml: one per (ufunc, dtype, operand shape).\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (Ufunc u : ufuncs) {
            for (ScalarType dtype : u.dtypes()) {
                type.addMethod(overTensors(u, dtype));
                type.addMethod(parallel(u, dtype));
                type.addMethod(range(u, dtype));
                type.addMethod(loop(u, dtype, -1));
                for (int broadcast = 0; u.inputs().size() > 1 && broadcast < u.inputs().size(); broadcast++) {
                    type.addMethod(loop(u, dtype, broadcast));
                }
            }
        }
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, type.build()).skipJavaLangImports(true).build();
    }

    /** The method name: {@code add_Float32}, or {@code add_Float32_otherScalar} with input {@code other} broadcast. */
    static String methodName(Ufunc u, ScalarType dtype, int broadcast) {
        return u.name() + "_" + dtype.name() + (broadcast < 0 ? "" : "_" + u.inputs().get(broadcast) + "Scalar");
    }

    /**
     * The loop over tensors: contiguous CPU tensors whose dtype is the loop's, or operands that are one value
     * (0-dim ones of any dtype, or one element expanded), read once and converted as a C++ static_cast
     * would. The caller has checked all of that. Up to {@code Parallel.GRAIN_SIZE} elements the method runs
     * the loop on the caller's thread, one compare more than a loop without threads; above it, the
     * out-of-line {@code ..._parallel} method runs the {@code ..._range} method over chunks on the intra-op pool.
     */
    private static MethodSpec overTensors(Ufunc u, ScalarType dtype) {
        TypeName t = javaType(dtype);
        MethodSpec.Builder m = MethodSpec.methodBuilder(methodName(u, dtype, -1))
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("{@code $L} over $L tensors: contiguous ones of {@code out}'s sizes, or 0-dim ones.\n",
                        u.expression(), dtype);
        tensorParameters(m, u, t);
        m.beginControlFlow("if (out.numel() > $T.GRAIN_SIZE)", PARALLEL)
                .addStatement("$N($L)", parallelName(u, dtype), tensorArguments(u))
                .addStatement("return")
                .endControlFlow();
        String accessor = arrayAccessor(dtype);
        m.addStatement("$T outData = out.storage().$N()", ArrayTypeName.of(t), accessor)
                .addStatement("int outOffset = (int) out.storageOffset()")
                .addStatement("int n = (int) out.numel()");
        String scalarArgs = u.scalars().isEmpty() ? "" : ", " + String.join(", ", u.scalars());
        if (u.inputs().size() == 1) {
            String in = u.inputs().get(0);
            m.addStatement("$N(outData, outOffset, $N.storage().$N(), (int) $N.storageOffset(), n$L)",
                    methodName(u, dtype, -1), in, accessor, in, scalarArgs);
            return m.build();
        }
        String a = u.inputs().get(0);
        String b = u.inputs().get(1);
        // an operand of another dtype than the output's is a 0-dim one (only those may differ): read it as a value
        m.beginControlFlow("if ($N.dtype() != out.dtype() || ($T.isOneValue($N) && !$T.isOneValue($N)))", a,
                ZERO_DIM_VALUES, a, ZERO_DIM_VALUES, b)
                .addStatement("$N(outData, outOffset, $T.$N($N), $N.storage().$N(), (int) $N.storageOffset(), n$L)",
                        methodName(u, dtype, 0), ZERO_DIM_VALUES, valueReader(dtype), a, b, accessor, b, scalarArgs)
                .nextControlFlow("else if ($N.dtype() != out.dtype() || ($T.isOneValue($N) && !$T.isOneValue($N)))", b,
                        ZERO_DIM_VALUES, b, ZERO_DIM_VALUES, a)
                .addStatement("$N(outData, outOffset, $N.storage().$N(), (int) $N.storageOffset(), $T.$N($N), n$L)",
                        methodName(u, dtype, 1), a, accessor, a, ZERO_DIM_VALUES, valueReader(dtype), b, scalarArgs)
                .nextControlFlow("else")
                .addComment("operands of the output's sizes, or one of them a row repeated along the leading dims")
                .addStatement("int $NRow = (int) $N.numel()", a, a)
                .addStatement("int $NRow = (int) $N.numel()", b, b)
                .addStatement("int row = Math.min($NRow, $NRow)", a, b)
                .beginControlFlow("for (int r = 0; r < n; r += row)")
                .addStatement("$N(outData, outOffset + r, $N.storage().$N(), (int) $N.storageOffset() + ($NRow == n ? r : 0),"
                        + " $N.storage().$N(), (int) $N.storageOffset() + ($NRow == n ? r : 0), row$L)",
                        methodName(u, dtype, -1), a, accessor, a, a, b, accessor, b, b, scalarArgs)
                .endControlFlow()
                .endControlFlow();
        return m.build();
    }

    /** {@code add_Float32_parallel}: the range method over chunks of at least a grain, on the intra-op pool. */
    private static MethodSpec parallel(Ufunc u, ScalarType dtype) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(parallelName(u, dtype))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("{@code $N} over chunks of at least {@code Parallel.GRAIN_SIZE} elements.\n",
                        methodName(u, dtype, -1));
        tensorParameters(m, u, javaType(dtype));
        m.addStatement("$T.parallelFor(0, out.numel(), $T.GRAIN_SIZE, (begin, end) -> $N($L, (int) begin, (int) end))",
                PARALLEL, PARALLEL, rangeName(u, dtype), tensorArguments(u));
        return m.build();
    }

    private static void tensorParameters(MethodSpec.Builder m, Ufunc u, TypeName t) {
        m.addParameter(TensorImpl.class, "out");
        for (String in : u.inputs()) {
            m.addParameter(TensorImpl.class, in);
        }
        for (String s : u.scalars()) {
            m.addParameter(t, s);
        }
    }

    private static String tensorArguments(Ufunc u) {
        List<String> args = new ArrayList<>();
        args.add("out");
        args.addAll(u.inputs());
        args.addAll(u.scalars());
        return String.join(", ", args);
    }

    private static String rangeName(Ufunc u, ScalarType dtype) {
        return methodName(u, dtype, -1) + "_range";
    }

    private static String parallelName(Ufunc u, ScalarType dtype) {
        return methodName(u, dtype, -1) + "_parallel";
    }

    /**
     * {@code add_Float32_range}: the elements {@code [begin, end)} of the loop over tensors. A row repeated
     * along the leading dims is read from the position within its row, so a range may start and end anywhere.
     */
    private static MethodSpec range(Ufunc u, ScalarType dtype) {
        TypeName t = javaType(dtype);
        MethodSpec.Builder m = MethodSpec.methodBuilder(rangeName(u, dtype))
                .addModifiers(Modifier.PRIVATE, Modifier.STATIC)
                .addJavadoc("The elements {@code [begin, end)} of {@code $N}.\n", methodName(u, dtype, -1));
        tensorParameters(m, u, t);
        m.addParameter(int.class, "begin").addParameter(int.class, "end");
        String accessor = arrayAccessor(dtype);
        m.addStatement("$T outData = out.storage().$N()", ArrayTypeName.of(t), accessor)
                .addStatement("int outOffset = (int) out.storageOffset() + begin")
                .addStatement("int count = end - begin");
        String scalarArgs = u.scalars().isEmpty() ? "" : ", " + String.join(", ", u.scalars());
        if (u.inputs().size() == 1) {
            String in = u.inputs().get(0);
            m.addStatement("$N(outData, outOffset, $N.storage().$N(), (int) $N.storageOffset() + begin, count$L)",
                    methodName(u, dtype, -1), in, accessor, in, scalarArgs);
            return m.build();
        }
        String a = u.inputs().get(0);
        String b = u.inputs().get(1);
        // an operand of another dtype than the output's is a 0-dim one (only those may differ): read it as a value
        m.beginControlFlow("if ($N.dtype() != out.dtype() || ($T.isOneValue($N) && !$T.isOneValue($N)))", a,
                ZERO_DIM_VALUES, a, ZERO_DIM_VALUES, b)
                .addStatement("$N(outData, outOffset, $T.$N($N), $N.storage().$N(), (int) $N.storageOffset() + begin, count$L)",
                        methodName(u, dtype, 0), ZERO_DIM_VALUES, valueReader(dtype), a, b, accessor, b, scalarArgs)
                .nextControlFlow("else if ($N.dtype() != out.dtype() || ($T.isOneValue($N) && !$T.isOneValue($N)))", b,
                        ZERO_DIM_VALUES, b, ZERO_DIM_VALUES, a)
                .addStatement("$N(outData, outOffset, $N.storage().$N(), (int) $N.storageOffset() + begin, $T.$N($N), count$L)",
                        methodName(u, dtype, 1), a, accessor, a, ZERO_DIM_VALUES, valueReader(dtype), b, scalarArgs)
                .nextControlFlow("else")
                .addComment("operands of the output's sizes, or one of them a row repeated along the leading dims")
                .addStatement("int n = (int) out.numel()")
                .addStatement("int $NRow = (int) $N.numel()", a, a)
                .addStatement("int $NRow = (int) $N.numel()", b, b)
                .addStatement("int row = Math.min($NRow, $NRow)", a, b)
                .beginControlFlow("for (int p = begin; p < end; )")
                .addStatement("int inRow = row == n ? p : p % row")
                .addStatement("int len = Math.min(row - inRow, end - p)")
                .addStatement("$N(outData, (int) out.storageOffset() + p, $N.storage().$N(), (int) $N.storageOffset() + ($NRow == n ? p : inRow),"
                        + " $N.storage().$N(), (int) $N.storageOffset() + ($NRow == n ? p : inRow), len$L)",
                        methodName(u, dtype, -1), a, accessor, a, a, b, accessor, b, b, scalarArgs)
                .addStatement("p += len")
                .endControlFlow()
                .endControlFlow();
        return m.build();
    }

    /** Where the loops over tensors above a grain go. */
    private static final ClassName PARALLEL = ClassName.get("org.jitdispatch.kernels.parallel", "Parallel");

    /** Where 0-dim operands are read: {@code ZeroDimValues.asFloat(t)} and its siblings. */
    private static final ClassName ZERO_DIM_VALUES = ClassName.get(JavaNames.KERNEL_PACKAGE, "ZeroDimValues");

    private static String valueReader(ScalarType dtype) {
        switch (dtype) {
            case Float32: return "asFloat";
            case Float64: return "asDouble";
            case Int32: return "asInt";
            default: return "asLong";
        }
    }

    private static String arrayAccessor(ScalarType dtype) {
        switch (dtype) {
            case Float32: return "floats";
            case Float64: return "doubles";
            case Int32: return "ints";
            default: return "longs";
        }
    }

    private static MethodSpec loop(Ufunc u, ScalarType dtype, int broadcast) {
        TypeName t = javaType(dtype);
        ArrayTypeName array = ArrayTypeName.of(t);
        MethodSpec.Builder m = MethodSpec.methodBuilder(methodName(u, dtype, broadcast))
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addJavadoc("{@code $L} over $L$L, for {@code i} in {@code [0, n)}.\n", u.expression(), dtype,
                        broadcast < 0 ? "" : ", with {@code " + u.inputs().get(broadcast) + "} one value")
                .addParameter(array, "out")
                .addParameter(int.class, "outOffset");
        List<String> elementReads = new ArrayList<>();
        for (int k = 0; k < u.inputs().size(); k++) {
            String in = u.inputs().get(k);
            if (k == broadcast) {
                m.addParameter(t, in);
            } else {
                m.addParameter(array, in + "Data").addParameter(int.class, in + "Offset");
                elementReads.add(in);
            }
        }
        m.addParameter(int.class, "n");
        for (String s : u.scalars()) {
            m.addParameter(t, s);
        }
        // C2's superword pass cannot line up arrays read at different unknown offsets, so a loop over
        // fresh tensors (every offset 0) would run scalar; one shared index is the form it vectorizes
        StringBuilder sameOffsets = new StringBuilder();
        for (String in : elementReads) {
            sameOffsets.append(sameOffsets.length() == 0 ? "" : " && ").append(in).append("Offset == outOffset");
        }
        if (!elementReads.isEmpty()) {
            m.beginControlFlow("if ($L)", sameOffsets);
            m.beginControlFlow("for (int i = outOffset, end = outOffset + n; i < end; i++)");
            for (String in : elementReads) {
                m.addStatement("$T $N = $NData[i]", t, in, in);
            }
            m.addStatement("out[i] = ($T) ($L)", t, Expressions.code(u.expression()));
            m.endControlFlow();
            m.addStatement("return");
            m.endControlFlow();
        }
        m.beginControlFlow("for (int i = 0; i < n; i++)");
        for (String in : elementReads) {
            m.addStatement("$T $N = $NData[$NOffset + i]", t, in, in, in);
        }
        m.addStatement("out[outOffset + i] = ($T) ($L)", t, Expressions.code(u.expression()));
        m.endControlFlow();
        return m.build();
    }

    private static TypeName javaType(ScalarType dtype) {
        switch (dtype) {
            case Float32: return TypeName.FLOAT;
            case Float64: return TypeName.DOUBLE;
            case Int32: return TypeName.INT;
            case Int64: return TypeName.LONG;
            default: throw new IllegalArgumentException("no loop type for " + dtype);
        }
    }
}
