package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;

/** {@code RegisterAten}: defines every schema of ops.yaml, then registers every key's kernels. */
public final class RegisterAtenGen {
    private RegisterAtenGen() {
    }

    public static JavaFile generate(List<NativeFunction> functions, Set<DispatchKey> keys, boolean autograd) {
        MethodSpec.Builder register = MethodSpec.methodBuilder("register")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(Dispatcher.class, "dispatcher")
                .addException(ReflectiveOperationException.class)
                .addJavadoc("Defines the aten operators (TORCH_LIBRARY(aten, m)) and registers their kernels.\n")
                .addStatement("$T aten = dispatcher.library($S)", Library.class, "aten");
        for (NativeFunction f : functions) {
            String declaredAt = java.nio.file.Path.of(f.location().file()).getFileName() + ":" + f.location().line();
            register.addStatement("aten.def($S, $S)", f.func().toString(), declaredAt);
        }
        for (DispatchKey k : keys) {
            register.addStatement("$T.register(dispatcher)", JavaNames.registerClass(k.name()));
        }
        if (autograd) {
            register.addStatement("$T.register(dispatcher)", AutogradGen.REGISTER);
        }
        TypeSpec t = TypeSpec.classBuilder(JavaNames.REGISTER_ATEN)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Registration of the aten library, generated from ops.yaml.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build())
                .addMethod(register.build())
                .build();
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, t).skipJavaLangImports(true).build();
    }
}
