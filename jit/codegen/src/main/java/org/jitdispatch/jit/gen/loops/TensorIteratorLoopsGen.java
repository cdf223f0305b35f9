package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import com.palantir.javapoet.WildcardTypeName;
import javax.lang.model.element.Modifier;

/**
 * {@code TensorIteratorLoops}: TensorIterator's typed loop methods, between the hand-written
 * {@code TensorIteratorBase} (build) and {@code TensorIterator} (factories), for every {@link ElementType}:
 * the chunk loops a kernel writes ({@code floatLoop()}, {@code floatToBooleanLoop()}), the same over a range of
 * the iteration ({@code floatLoop(begin, end)}, for one chunk of a parallel loop), and one element-lambda loop
 * per arity ({@code forEachFloat(FloatOps.Binary)}, {@code forEachFloatToBoolean(FloatOps.BinaryPredicate)}).
 * Each {@code forEach} method is its own plain loop with one call shape. For Float32 it writes
 *
 * <pre>{@code
 * public FloatLoop floatLoop() {
 *     checkLoop(ninputs());
 *     return new FloatLoop(this, false);
 * }
 * ... floatToBooleanLoop() (new FloatLoop(this, true)), floatLoop(long begin, long end), ...
 *
 * public void forEachFloat(FloatOps.Binary op) {
 *     checkLoop(2);
 *     FloatLoop c = new FloatLoop(this, false);
 *     while (c.next()) {
 *         float[] o = c.out();
 *         float[] a = c.in0();
 *         float[] b = c.in1();
 *         for (int i = c.start(), e = c.end(); i < e; i++) {
 *             o[i] = op.apply(a[i], b[i]);
 *         }
 *     }
 * }
 * }</pre>
 *
 * and {@code forEachFloatToBoolean(FloatOps.BinaryPredicate op)} the same writing {@code c.outBool()} with
 * {@code op.test}. Boolean loops have no {@code ...ToBoolean} variants.
 */
final class TensorIteratorLoopsGen {
    static final ClassName TENSOR_UFUNC_KERNELS = ClassName.get(ElementType.ITER_PACKAGE, "TensorIteratorLoops");
    private static final ClassName MODE = ClassName.get("org.jitdispatch.kernels.structured", "StructuredMeta", "Mode");
    private static final ClassName TENSOR_FACTORY = ClassName.get("org.jitdispatch.runtime", "TensorFactory");
    private static final ClassName TENSOR_IMPL = ClassName.get("org.jitdispatch.runtime", "TensorImpl");
    /** The names of the input arrays in a forEach loop, by position ({@code c} is the cursor). */
    private static final String[] INPUTS = {"a", "b", "x"};

    private TensorIteratorLoopsGen() {
    }

    static JavaFile generate() {
        TypeSpec.Builder type = TypeSpec.classBuilder(TENSOR_UFUNC_KERNELS)
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .superclass(CursorGen.ITERATOR_BASE)
                .addJavadoc("TensorIterator's loops for each type a loop computes in: the chunk loops a kernel writes,"
                        + " over the whole\niteration or a range of it, and the element-lambda loops (see"
                        + " {@link TensorIterator}).\n")
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(MODE, "mode")
                        .addParameter(ParameterizedTypeName.get(TENSOR_FACTORY, WildcardTypeName.subtypeOf(TENSOR_IMPL)),
                                "factory")
                        .addParameter(ArrayTypeName.of(TENSOR_IMPL), "outputs")
                        .addStatement("super(mode, factory, outputs)")
                        .build());
        for (ElementType t : ElementType.LOOPS) {
            type.addMethod(loop(t, false, false));
            if (!t.isBool()) {
                type.addMethod(loop(t, true, false));
            }
        }
        for (ElementType t : ElementType.LOOPS) {
            type.addMethod(loop(t, false, true));
            if (!t.isBool()) {
                type.addMethod(loop(t, true, true));
            }
        }
        for (ElementType t : ElementType.LOOPS) {
            for (int arity = 0; arity < ElementOpsGen.FUNCTIONS.size(); arity++) {
                type.addMethod(forEach(t, arity, false));
            }
            if (!t.isBool()) {
                for (int arity = 1; arity <= ElementOpsGen.PREDICATES.size(); arity++) {
                    type.addMethod(forEach(t, arity, true));
                }
            }
        }
        return JavaFile.builder(ElementType.ITER_PACKAGE, type.build()).skipJavaLangImports(true).indent("    ").build();
    }

    /** {@code floatLoop()}, {@code floatToBooleanLoop()}, {@code floatLoop(begin, end)}... */
    private static MethodSpec loop(ElementType t, boolean toBoolean, boolean range) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(t.lower() + (toBoolean ? "ToBoolean" : "") + "Loop")
                .addModifiers(Modifier.PUBLIC)
                .returns(t.loopClass());
        CodeBlock what = toBoolean
                ? CodeBlock.of("A $L loop whose results are booleans (comparisons, isnan...), converted to the output's"
                        + " dtype", t.lower())
                : CodeBlock.of("A loop computing in $L over this iterator's output and inputs (see {@link $T})",
                        t.lower(), t.loopClass());
        if (range) {
            m.addJavadoc("$L, over the elements {@code [begin, end)} of the iteration (in its order), for one chunk of\n"
                    + "{@code Parallel.parallelFor(0, numel(), grain, ...)}: cursors over disjoint ranges may run on"
                    + " different\nthreads, and write disjoint elements of the output.\n", what);
            m.addParameter(long.class, "begin").addParameter(long.class, "end");
        } else {
            m.addJavadoc("$L.\n", what);
        }
        return m.addStatement("checkLoop(ninputs())")
                .addStatement("return new $T($L)", t.loopClass(), cursorArguments(t, toBoolean, range))
                .build();
    }

    /** {@code this, false} or {@code this, true, begin, end}; a boolean loop takes no {@code boolOutput}. */
    private static String cursorArguments(ElementType t, boolean toBoolean, boolean range) {
        return "this" + (t.isBool() ? "" : ", " + toBoolean) + (range ? ", begin, end" : "");
    }

    /** {@code forEachFloat(FloatOps.Binary op)} or {@code forEachFloatToBoolean(FloatOps.BinaryPredicate op)}. */
    private static MethodSpec forEach(ElementType t, int arity, boolean toBoolean) {
        String function = toBoolean ? ElementOpsGen.PREDICATES.get(arity - 1) : ElementOpsGen.FUNCTIONS.get(arity);
        boolean boolOut = toBoolean || t.isBool();
        MethodSpec.Builder m = MethodSpec.methodBuilder("forEach" + t.name() + (toBoolean ? "ToBoolean" : ""))
                .addModifiers(Modifier.PUBLIC)
                .addParameter(t.opsClass().nestedClass(function), "op")
                .addJavadoc(forEachDoc(t, arity, toBoolean));
        m.addStatement("checkLoop($L)", arity)
                .addStatement("$T c = new $T($L)", t.loopClass(), t.loopClass(), cursorArguments(t, toBoolean, false))
                .beginControlFlow("while (c.next())")
                .addStatement("$T o = c.$N()", boolOut ? TypeName.get(boolean[].class) : t.array(), boolOut ? "outBool" : "out");
        CodeBlock.Builder args = CodeBlock.builder();
        for (int k = 0; k < arity; k++) {
            m.addStatement("$T $N = c.in$L()", t.array(), INPUTS[k], k);
            args.add(k == 0 ? "$N[i]" : ", $N[i]", INPUTS[k]);
        }
        return m.beginControlFlow("for (int i = c.start(), e = c.end(); i < e; i++)")
                .addStatement("o[i] = op.$N($L)", toBoolean ? "test" : "apply", args.build())
                .endControlFlow()
                .endControlFlow()
                .build();
    }

    private static String forEachDoc(ElementType t, int arity, boolean toBoolean) {
        if (arity == 0) {
            return "Computing in " + t.lower() + ": fills the output with op() (nullary ops such as fill_).\n";
        }
        StringBuilder call = new StringBuilder("op(");
        for (int k = 0; k < arity; k++) {
            call.append(k == 0 ? "" : ", ").append((char) ('a' + k)).append("[i]");
        }
        call.append(')');
        return toBoolean
                ? "Comparing in " + t.lower() + ": out[i] = " + call + ", a boolean converted to the output's dtype.\n"
                : "Computing in " + t.lower() + ": out[i] = " + call + ".\n";
    }
}
