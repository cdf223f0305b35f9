package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.Arrays;
import javax.lang.model.element.Modifier;
import org.jitdispatch.runtime.ScalarType;

/**
 * {@code StridedRuns}: the copies between storage arrays and the buffers of TensorIterator's loops, one
 * {@code gather} and one {@code scatter} method per type a loop computes in ({@link ElementType#LOOPS}), each a
 * switch over the storage dtypes ({@link ElementType#STORAGE}) with one plain loop per branch, converting with
 * {@link ElementType#convert}. For Float32 from Int64 storage the gather writes
 *
 * <pre>{@code
 * static void gatherFloat(Object src, ScalarType dtype, long start, long stride, float[] dst, int n) {
 *     int p = (int) start;
 *     int s = (int) stride;
 *     switch (dtype) {
 *         ...
 *         case Int64: {
 *             long[] a = (long[]) src;
 *             if (s == 0) {
 *                 Arrays.fill(dst, 0, n, (float) a[p]);
 *                 break;
 *             }
 *             for (int i = 0; i < n; i++, p += s) {
 *                 dst[i] = (float) a[p];
 *             }
 *             break;
 *         }
 *         case Float32: {
 *             if (s == 1) {
 *                 System.arraycopy(src, p, dst, 0, n);
 *                 break;
 *             }
 *             ... the same with no conversion
 *         }
 *         default: {   // Float64
 *             ...
 * }</pre>
 *
 * A broadcast run (stride 0) is one value converted once and filled; a run of the loop's own dtype with
 * stride 1 is a System.arraycopy. {@code scatterFloat(float[] src, int n, Object dst, ScalarType dtype, long
 * start, long stride)} is the same in the other direction, without the fill.
 */
final class StridedRunsGen {
    static final ClassName STRIDED_RUNS = ClassName.get(ElementType.ITER_PACKAGE, "StridedRuns");

    private StridedRunsGen() {
    }

    static JavaFile generate() {
        TypeSpec.Builder type = TypeSpec.classBuilder(STRIDED_RUNS)
                .addModifiers(Modifier.FINAL)
                .addJavadoc("Copies a strided run of elements between a storage array and a loop buffer, converting between"
                        + " the\nstorage dtype and the type a loop computes in, with C++ static_cast semantics (bool reads as"
                        + " 0/1,\nwrites as {@code != 0}; floating to integral truncates toward zero, as the runtime's Storage"
                        + " does).\nOne switch per run, not per element, keeps the element loops monomorphic; a run of the same"
                        + " dtype\nwith stride 1 is a System.arraycopy, and a broadcast run (stride 0) is one value converted"
                        + " once and\nfilled.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (ElementType t : ElementType.LOOPS) {
            type.addMethod(gather(t));
            type.addMethod(scatter(t));
        }
        return JavaFile.builder(ElementType.ITER_PACKAGE, type.build()).skipJavaLangImports(true).indent("    ").build();
    }

    static String gatherName(ElementType t) {
        return "gather" + t.name();
    }

    static String scatterName(ElementType t) {
        return "scatter" + t.name();
    }

    /** {@code gatherFloat}: reads a run of any storage dtype into a float buffer at {@code [0, n)}. */
    private static MethodSpec gather(ElementType t) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(gatherName(t))
                .addModifiers(Modifier.STATIC)
                .addJavadoc("Reads {@code n} elements from {@code start} by {@code stride} of a {@code dtype} array as $L.\n",
                        t.lower())
                .addParameter(Object.class, "src")
                .addParameter(ScalarType.class, "dtype")
                .addParameter(long.class, "start")
                .addParameter(long.class, "stride")
                .addParameter(t.array(), "dst")
                .addParameter(int.class, "n");
        m.addCode(switchOverStorage(t, true));
        return m.build();
    }

    /** {@code scatterFloat}: writes a float buffer's {@code [0, n)} into a run of any storage dtype. */
    private static MethodSpec scatter(ElementType t) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(scatterName(t))
                .addModifiers(Modifier.STATIC)
                .addJavadoc("Writes {@code n} $L values to a {@code dtype} array from {@code start} by {@code stride}.\n",
                        t.lower())
                .addParameter(t.array(), "src")
                .addParameter(int.class, "n")
                .addParameter(Object.class, "dst")
                .addParameter(ScalarType.class, "dtype")
                .addParameter(long.class, "start")
                .addParameter(long.class, "stride");
        m.addCode(switchOverStorage(t, false));
        return m.build();
    }

    private static CodeBlock switchOverStorage(ElementType t, boolean gather) {
        CodeBlock.Builder code = CodeBlock.builder()
                .addStatement("int p = (int) start")
                .addStatement("int s = (int) stride")
                .beginControlFlow("switch (dtype)");
        for (int k = 0; k < ElementType.STORAGE.size(); k++) {
            ScalarType storage = ElementType.STORAGE.get(k);
            boolean last = k == ElementType.STORAGE.size() - 1;
            code.beginControlFlow("$L:", last ? "default" : "case " + storage.name());
            code.add(gather ? gatherRun(t, storage) : scatterRun(t, storage));
            code.addStatement("break");
            code.endControlFlow();
        }
        return code.endControlFlow().build();
    }

    /** One branch of a gather: the run of a {@code storage} array converted into {@code dst}. */
    private static CodeBlock gatherRun(ElementType t, ScalarType storage) {
        ArrayTypeName array = ArrayTypeName.of(ElementType.javaType(storage));
        CodeBlock.Builder code = CodeBlock.builder();
        if (storage == t.dtype()) {
            code.beginControlFlow("if (s == 1)")
                    .addStatement("System.arraycopy(src, p, dst, 0, n)")
                    .addStatement("break")
                    .endControlFlow();
        }
        CodeBlock value = ElementType.convert(storage, t.dtype(), CodeBlock.of("a[p]"));
        return code.addStatement("$T a = ($T) src", array, array)
                .beginControlFlow("if (s == 0)")
                .addStatement("$T.fill(dst, 0, n, $L)", Arrays.class, value)
                .addStatement("break")
                .endControlFlow()
                .beginControlFlow("for (int i = 0; i < n; i++, p += s)")
                .addStatement("dst[i] = $L", value)
                .endControlFlow()
                .build();
    }

    /** One branch of a scatter: {@code src} converted into the run of a {@code storage} array. */
    private static CodeBlock scatterRun(ElementType t, ScalarType storage) {
        ArrayTypeName array = ArrayTypeName.of(ElementType.javaType(storage));
        CodeBlock.Builder code = CodeBlock.builder();
        if (storage == t.dtype()) {
            code.beginControlFlow("if (s == 1)")
                    .addStatement("System.arraycopy(src, 0, dst, p, n)")
                    .addStatement("break")
                    .endControlFlow();
        }
        return code.addStatement("$T a = ($T) dst", array, array)
                .beginControlFlow("for (int i = 0; i < n; i++, p += s)")
                .addStatement("a[p] = $L", ElementType.convert(t.dtype(), storage, CodeBlock.of("src[i]")))
                .endControlFlow()
                .build();
    }
}
