package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.lang.invoke.MethodHandle;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.DispatcherSignature;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.gen.api.KernelPlan;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.OperatorName;

/**
 * {@code Ops}: one nested class per operator ({@code Ops.add_Tensor}) holding its handles as {@code static
 * final MethodHandle} fields, {@code CALL} and, where a generated kernel calls below itself, {@code REDISPATCH}.
 * Because the fields are {@code static final}, HotSpot treats the handles as constants and can inline through
 * them; because each operator has its own class, its call site is built on the operator's first use rather than
 * when the first of several hundred operators is called.
 */
public final class OpsGen {
    private OpsGen() {
    }

    public static JavaFile generate(List<NativeFunction> functions, Set<OperatorName> differentiable) {
        TypeSpec.Builder t = TypeSpec.classBuilder(JavaNames.OPS)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The call handles of every aten operator, generated from ops.yaml, one class per operator"
                        + " (initialized on its first use). Each has the operator's dispatcher signature (arguments in"
                        + " schema order).\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (NativeFunction f : functions) {
            FunctionSchema s = f.func();
            TypeSpec.Builder holder = TypeSpec.classBuilder(JavaNames.opHolder(s.name()))
                    .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("{@code aten::$L}\n", s)
                    .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
            holder.addField(FieldSpec.builder(MethodHandle.class, "CALL", Modifier.PUBLIC, Modifier.STATIC,
                            Modifier.FINAL)
                    .addJavadoc("The operator's call handle.\n")
                    .initializer("$T.invoker($S, $L)", JavaNames.ATEN_LIBRARY, JavaNames.qualifiedOp(s.name()),
                            DispatcherSignature.methodType(s))
                    .build());
            if (KernelPlan.needsRedispatch(f) || differentiable.contains(f.name())) {
                holder.addField(FieldSpec.builder(MethodHandle.class, "REDISPATCH", Modifier.PUBLIC, Modifier.STATIC,
                                Modifier.FINAL)
                        .addJavadoc("Redispatch ({@code (long keySet, args...)}), for the operator's generated"
                                + " BackendSelect, ADInplaceOrView or Autograd kernel.\n")
                        .initializer("$T.redispatcher($S, $L)", JavaNames.ATEN_LIBRARY, JavaNames.qualifiedOp(s.name()),
                                DispatcherSignature.methodType(s))
                        .build());
            }
            t.addType(holder.build());
        }
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, t.build()).skipJavaLangImports(true).build();
    }
}
