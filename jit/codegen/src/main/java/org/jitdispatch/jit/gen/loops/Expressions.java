package org.jitdispatch.jit.gen.loops;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import org.jitdispatch.jit.gen.api.JavaNames;

/** The element expressions of ufuncs.yaml as code for the loop generators. */
final class Expressions {
    /** The element functions expressions call as {@code ScalarMath.erf(self)}. */
    static final ClassName SCALAR_MATH = ClassName.get(JavaNames.KERNEL_PACKAGE, "ScalarMath");

    private Expressions() {
    }

    /** The expression as code, with {@code ScalarMath} a type reference so that the generated class imports it. */
    static CodeBlock code(String expression) {
        String[] parts = expression.split("\\bScalarMath\\.", -1);
        CodeBlock.Builder code = CodeBlock.builder().add("$L", parts[0]);
        for (int k = 1; k < parts.length; k++) {
            code.add("$T.$L", SCALAR_MATH, parts[k]);
        }
        return code.build();
    }
}
