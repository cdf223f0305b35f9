package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.DispatcherSignature;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.gen.api.KernelPlan;
import org.jitdispatch.jit.model.StructuredGroup;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * The kernel declarations authors implement (PyTorch's NativeFunctions.h and NativeMetaFunctions.h).
 * Java has no free functions, so each kernel class named in ops.yaml ({@code CPU: BinaryOps::add_out})
 * gets an interface {@code BinaryOpsDeclarations} listing the methods ops.yaml expects of it, and the
 * class implements it: a missing or mistyped kernel is a compile error that names the method. One
 * instance of each kernel class lives in a {@code static final} field of {@code Kernels}, so calls to it
 * are calls on a constant that HotSpot inlines.
 */
public final class DeclarationsGen {
    /** The class of kernel names written without {@code Class::}. */
    static final String DEFAULT_KERNEL_CLASS = "NativeFunctions";

    /** method key -&gt; method, per kernel class (sorted by class name). */
    private final Map<String, Map<String, MethodSpec>> byClass = new TreeMap<>();

    public DeclarationsGen(KernelPlan plan) {
        plan.byKey().forEach((key, registrations) -> {
            for (KernelPlan.Registration r : registrations) {
                if (r.wrapper() instanceof KernelPlan.Direct direct) {
                    declareDirect(key.name(), r.function().func(), direct);
                } else if (r.wrapper() instanceof KernelPlan.Structured structured) {
                    declareStructured(key.name(), structured);
                }
                // BackendSelect wrappers are generated whole: nothing for an author to implement
            }
        });
    }

    private void declareDirect(String key, FunctionSchema schema, KernelPlan.Direct d) {
        MethodSpec m = MethodSpec.methodBuilder(d.kernel().method())
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addParameters(DispatcherSignature.parameters(schema))
                .returns(DispatcherSignature.returnType(schema))
                .addJavadoc("{@code $L}: the $L kernel.\n", schema, key)
                .build();
        declare(WrapperGen.className(d.kernel().className()), m);
    }

    private void declareStructured(String key, KernelPlan.Structured s) {
        StructuredGroup g = s.group();
        TypeName metaType = s.inheritsTensorIterator() ? JavaNames.TENSOR_ITERATOR : JavaNames.STRUCTURED_META;
        FunctionSchema functional = g.functional().func();
        MethodSpec meta = MethodSpec.methodBuilder(JavaNames.metaFunction(functional.name()))
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addParameter(metaType, "op")
                .addParameters(DispatcherSignature.parameters(functional))
                .addJavadoc("Structured meta of {@code $L}: checks the arguments and declares the outputs with"
                        + " {@code op.setOutput...} (PyTorch's TORCH_META_FUNC). Shared by every backend and by the"
                        + " generated Meta kernel.\n", g.out().func().name())
                .build();
        declare(WrapperGen.className(s.metaClass()), meta);
        if (s.impl().isEmpty()) {
            return;
        }
        FunctionSchema out = g.out().func();
        List<ParameterSpec> params = new ArrayList<>();
        params.add(ParameterSpec.builder(metaType, "op").build());
        List<ParameterSpec> all = DispatcherSignature.parameters(out);
        List<Argument> args = out.arguments();
        for (int i = 0; i < args.size(); i++) {
            if (!out.outArguments().contains(args.get(i))) {
                params.add(all.get(i));
            }
        }
        for (int i = 0; i < args.size(); i++) {
            if (out.outArguments().contains(args.get(i))) {
                params.add(all.get(i));
            }
        }
        MethodSpec impl = MethodSpec.methodBuilder(s.impl().get().method())
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addParameters(params)
                .addJavadoc("Structured $L impl of {@code $L}: fills the outputs that the meta step declared"
                        + " (PyTorch's TORCH_IMPL_FUNC).\n", key, out)
                .build();
        declare(WrapperGen.className(s.impl().get().className()), impl);
        if (key.equals("CPU") && g.out().cpuFastPath().isPresent()) {
            declareFastPath(g);
        }
    }

    /** {@code Tensor add(Tensor out, Tensor self, Tensor other, Scalar alpha)}: see {@code cpu_fast_path}. */
    private void declareFastPath(StructuredGroup g) {
        FunctionSchema out = g.out().func();
        if (out.outArguments().size() != 1) {
            throw new IllegalArgumentException("cpu_fast_path takes one output, but " + out + " has "
                    + out.outArguments().size());
        }
        MethodSpec fast = MethodSpec.methodBuilder(g.out().cpuFastPath().get().method())
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addParameter(JavaNames.TENSOR, "out")
                .addParameters(DispatcherSignature.parameters(g.functional().func()))
                .returns(JavaNames.TENSOR)
                .addJavadoc("CPU fast path of {@code $L}, tried by its structured CPU wrappers before meta and impl:"
                        + " computes into {@code out} (the in-place self or the out= tensor; null for a functional call,"
                        + " which allocates it) and returns it when the arguments are a case it handles, and returns"
                        + " null without touching anything otherwise.\n", out)
                .build();
        declare(WrapperGen.className(g.out().cpuFastPath().get().className()), fast);
    }

    private void declare(String kernelClass, MethodSpec m) {
        Map<String, MethodSpec> methods = byClass.computeIfAbsent(kernelClass, k -> new LinkedHashMap<>());
        String signatureKey = m.name() + m.parameters().stream().map(p -> p.type().toString()).toList();
        MethodSpec existing = methods.get(signatureKey);
        if (existing != null && !existing.returnType().equals(m.returnType())) {
            throw new IllegalArgumentException("Kernel " + kernelClass + "::" + m.name() + " is named by two operators"
                    + " with the same parameters but different return types (" + existing.returnType() + " and "
                    + m.returnType() + ")");
        }
        methods.putIfAbsent(signatureKey, m);
    }

    /** One interface per kernel class. */
    public List<JavaFile> declarationFiles() {
        List<JavaFile> files = new ArrayList<>();
        byClass.forEach((cls, methods) -> {
            TypeSpec.Builder t = TypeSpec.interfaceBuilder(JavaNames.declarations(cls))
                    .addModifiers(Modifier.PUBLIC)
                    .addJavadoc("The kernels ops.yaml expects of {@link $T}, generated from ops.yaml: implement this"
                            + " interface in that class (which needs a public no-argument constructor).\n",
                            JavaNames.kernelClass(cls));
            methods.values().forEach(t::addMethod);
            files.add(JavaFile.builder(JavaNames.KERNEL_PACKAGE, t.build()).skipJavaLangImports(true).build());
        });
        return files;
    }

    /** {@code Kernels}: the one instance of every kernel class, as constants. */
    public JavaFile kernelsFile() {
        TypeSpec.Builder t = TypeSpec.classBuilder(JavaNames.KERNELS)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The kernel objects the generated wrappers call. Each is a {@code static final} constant,"
                        + " so a call through it is monomorphic and inlinable.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        for (String cls : byClass.keySet()) {
            ClassName c = JavaNames.kernelClass(cls);
            t.addField(FieldSpec.builder(c, JavaNames.kernelInstance(cls), Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                    .initializer("new $T()", c).build());
        }
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, t.build()).skipJavaLangImports(true).build();
    }
}
