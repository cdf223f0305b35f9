package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import javax.lang.model.element.Modifier;
import org.jitdispatch.runtime.ScalarType;

/**
 * The chunk loops a kernel writes ({@code FloatLoop}, {@code DoubleLoop}, {@code LongLoop}, {@code BooleanLoop}),
 * one class per {@link ElementType}: the hand-written {@code LoopCursor} walks the iteration, and the class hands
 * out the chunk as arrays of its type, gathering and scattering through {@code StridedRuns} when the operands
 * cannot be used in place. A class of its own per type keeps the type profiles of the kernels' loops
 * monomorphic. For Float32 it writes
 *
 * <pre>{@code
 * public final class FloatLoop extends LoopCursor {
 *     private float[] out;
 *     private float[] in0;
 *     private float[] in1;
 *     private float[] in2;
 *     private final float[][] buffers;
 *
 *     FloatLoop(TensorIteratorBase it, boolean boolOutput, long begin, long end) {
 *         super(it, ScalarType.Float32, boolOutput, begin, end);
 *         ... a buffer per operand unless the operands are used in place
 *     }
 *
 *     public boolean next() {
 *         if (!advance()) {
 *             return false;
 *         }
 *         if (!boolOutput) {
 *             out = aligned ? (float[]) arrays[0] : buffers[0];
 *         }
 *         int n = end - start;
 *         if (nOps > 1) {
 *             in0 = input(1, n);
 *         }
 *         ...
 *     }
 *
 *     public float[] out() ... public boolean[] outBool() ... public float[] in0() ... in1() ... in2()
 *
 *     void flushOutput(int n) ... StridedRuns.scatterFloat(buffers[0], n, arrays[0], dtypes[0], pos[0], innerStride[0])
 *
 *     private float[] input(int k, int n) ... StridedRuns.gatherFloat(arrays[k], dtypes[k], pos[k], innerStride[k], buffers[k], n)
 * }
 * }</pre>
 *
 * {@code BooleanLoop} always writes booleans: its constructors take no {@code boolOutput}, and it has no
 * {@code out()} and no {@code flushOutput} of its own (LoopCursor's writes the boolean buffer).
 */
final class CursorGen {
    static final ClassName LOOP_CURSOR = ClassName.get(ElementType.ITER_PACKAGE, "LoopCursor");
    static final ClassName ITERATOR_BASE = ClassName.get(ElementType.ITER_PACKAGE, "TensorIteratorBase");

    private CursorGen() {
    }

    static JavaFile generate(ElementType t) {
        TypeSpec.Builder type = TypeSpec.classBuilder(t.loopClass())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .superclass(LOOP_CURSOR)
                .addJavadoc(classDoc(t));
        if (!t.isBool()) {
            type.addField(t.array(), "out", Modifier.PRIVATE);
        }
        for (int k = 0; k < 3; k++) {
            type.addField(t.array(), "in" + k, Modifier.PRIVATE);
        }
        type.addField(FieldSpec.builder(ArrayTypeName.of(t.array()), "buffers",
                Modifier.PRIVATE, Modifier.FINAL).build());
        type.addMethod(wholeConstructor(t))
                .addMethod(rangeConstructor(t))
                .addMethod(next(t));
        if (!t.isBool()) {
            type.addMethod(MethodSpec.methodBuilder("out")
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Where the chunk's results go, at {@code [start(), end())}.\n")
                    .returns(t.array())
                    .addStatement("return out")
                    .build());
        }
        type.addMethod(MethodSpec.methodBuilder("outBool")
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc(t.isBool() ? "Where the chunk's results go, at {@code [start(), end())}.\n"
                        : "Where a {@code ...ToBooleanLoop}'s results go, at {@code [start(), end())}.\n")
                .returns(boolean[].class)
                .addStatement("return outBool")
                .build());
        for (int k = 0; k < 3; k++) {
            type.addMethod(MethodSpec.methodBuilder("in" + k)
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("Input $L's values, at {@code [start(), end())}.\n", k)
                    .returns(t.array())
                    .addStatement("return in$L", k)
                    .build());
        }
        if (!t.isBool()) {
            type.addMethod(flushOutput(t));
        }
        type.addMethod(input(t));
        return JavaFile.builder(ElementType.ITER_PACKAGE, type.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private static String classDoc(ElementType t) {
        String kind = t.isBool() ? "boolean (logical ops)" : t.lower();
        String out = t.isBool() ? "outBool" : "out";
        String expression = t.isBool() ? "a[i] ^ b[i]" : "a[i] + b[i]";
        String inputs = t.isBool()
                ? "Inputs of any dtype are read as {@code != 0}; the result is converted to the output's dtype (0 or 1)."
                : "Inputs of any dtype are read as " + t.lower() + " and the result is converted to the output's dtype."
                        + " For the\n{@code ...ToBooleanLoop} variants the kernel writes booleans into {@link #outBool()}"
                        + " instead.";
        return "A loop that computes in " + kind + ", written by the kernel itself so that its body is compiled with"
                + " the\nkernel (no shared call site, nothing for HotSpot to get megamorphic about):\n\n"
                + "<pre>{@code\n"
                + t.name() + "Loop c = iter." + t.lower() + "Loop();\n"
                + "while (c.next()) {\n"
                + "    " + t.lower() + "[] o = c." + out + "(), a = c.in0(), b = c.in1();\n"
                + "    for (int i = c.start(), e = c.end(); i < e; i++) {\n"
                + "        o[i] = " + expression + ";\n"
                + "    }\n"
                + "}\n"
                + "}</pre>\n\n"
                + inputs + "\n";
    }

    /** {@code FloatLoop(it, boolOutput)}: the whole iteration. */
    private static MethodSpec wholeConstructor(ElementType t) {
        MethodSpec.Builder m = MethodSpec.constructorBuilder().addParameter(ITERATOR_BASE, "it");
        if (t.isBool()) {
            return m.addStatement("this(it, 0, it.numel())").build();
        }
        return m.addParameter(boolean.class, "boolOutput")
                .addStatement("this(it, boolOutput, 0, it.numel())")
                .build();
    }

    /** {@code FloatLoop(it, boolOutput, begin, end)}: the elements {@code [begin, end)} of the iteration. */
    private static MethodSpec rangeConstructor(ElementType t) {
        MethodSpec.Builder m = MethodSpec.constructorBuilder().addParameter(ITERATOR_BASE, "it");
        if (!t.isBool()) {
            m.addParameter(boolean.class, "boolOutput");
        }
        return m.addParameter(long.class, "begin")
                .addParameter(long.class, "end")
                .addStatement("super(it, $T.$N, $L, begin, end)", ScalarType.class, t.dtype().name(),
                        t.isBool() ? "true" : "boolOutput")
                .addStatement("buffers = new $T[nOps][]", t.javaType())
                .beginControlFlow("if (!aligned)")
                .beginControlFlow("for (int k = $L; k < nOps; k++)", t.isBool() ? "1" : "boolOutput ? 1 : 0")
                .addStatement("buffers[k] = new $T[bufferLength()]", t.javaType())
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    private static MethodSpec next(ElementType t) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("next")
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("Moves to the next chunk (writing back the previous one); false when all elements are done.\n")
                .returns(boolean.class)
                .beginControlFlow("if (!advance())")
                .addStatement("return false")
                .endControlFlow();
        if (!t.isBool()) {
            m.beginControlFlow("if (!boolOutput)")
                    .addStatement("out = aligned ? ($T) arrays[0] : buffers[0]", t.array())
                    .endControlFlow();
        }
        m.addStatement("int n = end - start");
        for (int k = 0; k < 3; k++) {
            m.beginControlFlow("if (nOps > $L)", k + 1)
                    .addStatement("in$L = input($L, n)", k, k + 1)
                    .endControlFlow();
        }
        return m.addStatement("return true").build();
    }

    private static MethodSpec flushOutput(ElementType t) {
        MethodSpec.Builder m = MethodSpec.methodBuilder("flushOutput")
                .addAnnotation(Override.class)
                .addParameter(int.class, "n")
                .beginControlFlow("if (boolOutput)")
                .addStatement("super.flushOutput(n)")
                .nextControlFlow("else");
        if (t.dtype() == ScalarType.Float32) {
            m.beginControlFlow("if (roundOutputThrough != null)")
                    .addStatement("roundThrough(buffers[0], n, roundOutputThrough)")
                    .endControlFlow();
        }
        return m.addStatement("$T.$N(buffers[0], n, arrays[0], dtypes[0], pos[0], innerStride[0])",
                        StridedRunsGen.STRIDED_RUNS, StridedRunsGen.scatterName(t))
                .endControlFlow()
                .build();
    }

    /** Input {@code k}'s array for the current chunk: the storage itself, or its buffer (re)filled. */
    private static MethodSpec input(ElementType t) {
        TypeName array = t.array();
        return MethodSpec.methodBuilder("input")
                .addModifiers(Modifier.PRIVATE)
                .returns(array)
                .addParameter(int.class, "k")
                .addParameter(int.class, "n")
                .beginControlFlow("if (aligned)")
                .addStatement("return ($T) arrays[k]", array)
                .endControlFlow()
                .beginControlFlow("if (mustGather(k, n))")
                .addStatement("$T.$N(arrays[k], dtypes[k], pos[k], innerStride[k], buffers[k], n)",
                        StridedRunsGen.STRIDED_RUNS, StridedRunsGen.gatherName(t))
                .addCode(roundInput(t))
                .endControlFlow()
                .addStatement("return buffers[k]")
                .build();
    }

    /**
     * An input of another dtype is cast to the common dtype, as ATen casts it: a float loop rounds it through a
     * float16 or bfloat16 common dtype, a long loop wraps it to a narrower integer one.
     */
    private static CodeBlock roundInput(ElementType t) {
        if (t.dtype() != ScalarType.Float32 && t.dtype() != ScalarType.Int64) {
            return CodeBlock.of("");
        }
        return CodeBlock.builder()
                .beginControlFlow("if (roundInputThrough != null && roundInputThrough[k] != null)")
                .addStatement("$N(buffers[k], n, roundInputThrough[k])",
                        t.dtype() == ScalarType.Float32 ? "roundThrough" : "wrapThrough")
                .endControlFlow()
                .build();
    }
}
