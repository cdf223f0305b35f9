package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.lang.invoke.MethodHandle;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.DispatcherSignature;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.gen.api.KernelPlan;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * {@code Ops}: one {@code static final MethodHandle} per operator, the handle the generated API invokes.
 * Because the field is {@code static final}, HotSpot treats the handle as a constant and can inline
 * through it.
 */
public final class OpsGen {
    private OpsGen() {
    }

    public static JavaFile generate(List<NativeFunction> functions, java.util.Set<org.jitdispatch.runtime.schema.OperatorName> differentiable) {
        TypeSpec.Builder t = TypeSpec.classBuilder(JavaNames.OPS)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The call handle of every aten operator, generated from ops.yaml. Each has the"
                        + " operator's dispatcher signature (arguments in schema order).\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (NativeFunction f : functions) {
            FunctionSchema s = f.func();
            t.addField(FieldSpec.builder(MethodHandle.class, JavaNames.opField(s.name()),
                            Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .addJavadoc("{@code aten::$L}\n", s)
                    .initializer("$T.invoker($S, $L)", JavaNames.ATEN_LIBRARY, JavaNames.qualifiedOp(s.name()),
                            DispatcherSignature.methodType(s))
                    .build());
            if (KernelPlan.needsRedispatch(f) || differentiable.contains(f.name())) {
                t.addField(FieldSpec.builder(MethodHandle.class, JavaNames.redispatchField(s.name()),
                                Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                        .addJavadoc("Redispatch of {@code aten::$L} ({@code (long keySet, args...)}), for its"
                                + " generated BackendSelect, ADInplaceOrView or Autograd kernel\n", s.name())
                        .initializer("$T.redispatcher($S, $L)", JavaNames.ATEN_LIBRARY, JavaNames.qualifiedOp(s.name()),
                                DispatcherSignature.methodType(s))
                        .build());
            }
        }
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, t.build()).skipJavaLangImports(true).build();
    }
}
