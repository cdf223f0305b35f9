package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import javax.lang.model.element.Modifier;

/**
 * The element functions of TensorIterator's {@code forEach...} methods ({@code FloatOps}, {@code DoubleOps},
 * {@code LongOps}, {@code BooleanOps}), one class per {@link ElementType} holding one functional interface per
 * arity, so that each loop method has a single, unboxed call shape. For Float32 it writes
 *
 * <pre>{@code
 * public final class FloatOps {
 *     @FunctionalInterface
 *     public interface Nullary {
 *         float apply();
 *     }
 *     ... Unary: float apply(float a); Binary: float apply(float a, float b); Ternary
 *
 *     @FunctionalInterface
 *     public interface UnaryPredicate {
 *         boolean test(float a);
 *     }
 *     ... BinaryPredicate: boolean test(float a, float b)
 * }
 * }</pre>
 *
 * {@code BooleanOps} has no predicates: its functions already return booleans.
 */
final class ElementOpsGen {
    /** The interfaces computing in the type, by arity. */
    static final List<String> FUNCTIONS = List.of("Nullary", "Unary", "Binary", "Ternary");
    /** The interfaces testing values of the type, by arity minus one. */
    static final List<String> PREDICATES = List.of("UnaryPredicate", "BinaryPredicate");
    /** The parameter names, by position. */
    static final List<String> PARAMETERS = List.of("a", "b", "c");

    private ElementOpsGen() {
    }

    static JavaFile generate(ElementType t) {
        TypeSpec.Builder type = TypeSpec.classBuilder(t.opsClass())
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The element functions of TensorIterator's {@code forEach$L} loops, which compute in $L\n($L).\n"
                        + "One interface per arity, so each loop method has a single, unboxed call shape. Whether the"
                        + " call is\ninlined depends on HotSpot inlining the loop method into the kernel (see"
                        + " TensorIterator); hot\nkernels write a {@link $T} instead.\n",
                        t.name(), t.lower(), t.results(), t.loopClass())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (int arity = 0; arity < FUNCTIONS.size(); arity++) {
            type.addType(function(FUNCTIONS.get(arity), "apply", t.javaType(), t.javaType(), arity, null));
        }
        if (!t.isBool()) {
            type.addType(function(PREDICATES.get(0), "test", TypeName.BOOLEAN, t.javaType(), 1,
                    t.lower() + " to boolean, for comparisons and tests such as isnan.\n"));
            type.addType(function(PREDICATES.get(1), "test", TypeName.BOOLEAN, t.javaType(), 2, null));
        }
        return JavaFile.builder(ElementType.ITER_PACKAGE, type.build()).skipJavaLangImports(true).indent("    ").build();
    }

    private static TypeSpec function(String name, String method, TypeName returns, TypeName parameter, int arity,
            String doc) {
        MethodSpec.Builder m = MethodSpec.methodBuilder(method)
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .returns(returns);
        for (int k = 0; k < arity; k++) {
            m.addParameter(parameter, PARAMETERS.get(k));
        }
        TypeSpec.Builder type = TypeSpec.interfaceBuilder(name)
                .addModifiers(Modifier.PUBLIC)
                .addAnnotation(FunctionalInterface.class)
                .addMethod(m.build());
        if (doc != null) {
            type.addJavadoc(doc);
        }
        return type.build();
    }
}
