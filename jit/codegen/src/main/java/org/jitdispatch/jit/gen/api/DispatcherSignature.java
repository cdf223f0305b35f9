package org.jitdispatch.jit.gen.api;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * The dispatcher's calling convention for one operator: every argument in schema order, typed as
 * {@link org.jitdispatch.runtime.dispatch.JavaSignatures} says with the generated Tensor class. Kernels,
 * wrappers and the operator's MethodHandle all have this signature.
 */
public final class DispatcherSignature {
    private DispatcherSignature() {
    }

    public static List<ParameterSpec> parameters(FunctionSchema schema) {
        List<ParameterSpec> out = new ArrayList<>();
        for (Argument a : schema.arguments()) {
            out.add(ParameterSpec.builder(ApiTypes.of(a.type()), JavaNames.param(a.name())).build());
        }
        return out;
    }

    public static TypeName returnType(FunctionSchema schema) {
        return ApiTypes.returnType(schema.returns());
    }

    /** {@code MethodType.methodType(Tensor.class, Tensor.class, ...)}. */
    public static CodeBlock methodType(FunctionSchema schema) {
        CodeBlock.Builder b = CodeBlock.builder().add("$T.methodType($T.class", MethodType.class, returnType(schema));
        for (Argument a : schema.arguments()) {
            b.add(", $T.class", ApiTypes.of(a.type()));
        }
        return b.add(")").build();
    }

    /** The argument names in schema order, comma-separated. */
    public static CodeBlock argumentNames(List<Argument> arguments) {
        List<CodeBlock> names = new ArrayList<>();
        for (Argument a : arguments) {
            names.add(CodeBlock.of("$N", JavaNames.param(a.name())));
        }
        return CodeBlock.join(names, ", ");
    }
}
