package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeSpec;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.DispatcherSignature;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.model.BackendYaml;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.model.OpsYamlError;
import org.jitdispatch.jit.model.OpsYamlException;
import org.jitdispatch.jit.spin.EmittedNames;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.dispatch.RegistrationHandle;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * gen_backend_stubs for an external backend: from its {@link BackendYaml}, the declarations its kernel
 * class implements ({@code <class_name>Declarations}, PyTorch's XLANativeFunctions.h) and its
 * registration ({@code Register<Backend>}, PyTorch's RegisterXLA.cpp): a wrapper per listed operator,
 * registered to the backend key (or to its Autograd key for {@code autograd:} operators), generated
 * in-place and out= wrappers for the variants the backend leaves to the generator (where the variant has
 * every argument the implemented one needs: a factory's out= variant has no dtype or device, so it is
 * left to the fallback), and the boxed CPU fallback for everything else.
 */
public final class BackendStubsGen {
    static final ClassName CPU_FALLBACK = ClassName.get("org.jitdispatch.kernels.backend", "CpuFallback");
    static final ClassName BACKEND_WRAPPERS = ClassName.get("org.jitdispatch.kernels.backend", "BackendWrappers");

    /** A wrapper to register: the operator, the key, and the method that implements it. */
    private record Registration(NativeFunction function, DispatchKey key, MethodSpec wrapper) {
    }

    private final BackendYaml backend;
    private final OpsYaml ops;
    private final ClassName kernelClass;
    private final ClassName registerClass;
    private final String kernels = "KERNELS";
    private final Map<String, MethodSpec> declarations = new LinkedHashMap<>();
    /** The listed operator each declaration was made for, by the same key as {@link #declarations}. */
    private final Map<String, BackendYaml.ListedOp> declaredFor = new LinkedHashMap<>();
    private final List<Registration> registrations = new ArrayList<>();

    public BackendStubsGen(BackendYaml backend, OpsYaml ops) {
        this.backend = backend;
        this.ops = ops;
        this.kernelClass = ClassName.get(backend.javaPackage(), backend.className());
        this.registerClass = ClassName.get(backend.javaPackage(), EmittedNames.registerClass(backend.backend().name()));
        Set<NativeFunction> listed = new java.util.HashSet<>();
        backend.supported().forEach(op -> listed.add(op.function()));
        backend.autograd().forEach(op -> listed.add(op.function()));
        backend.supported().forEach(op -> addListed(op, backend.backend(), listed));
        backend.autograd().forEach(op -> addListed(op, backend.autogradKey(), listed));
    }

    /** The kernel class the backend author writes. */
    public ClassName kernelClass() {
        return kernelClass;
    }

    /**
     * The methods the author's class must have, by operator: {@code public Tensor add(Tensor self, ...)} for
     * {@code add.Tensor}.
     */
    public Map<NativeFunction, MethodSpec> expectedMethods() {
        Map<NativeFunction, MethodSpec> out = new LinkedHashMap<>();
        for (BackendYaml.ListedOp op : listed()) {
            out.put(op.function(), declarations.get(methodKey(declaration(op.function()))));
        }
        return out;
    }

    private List<BackendYaml.ListedOp> listed() {
        List<BackendYaml.ListedOp> all = new ArrayList<>(backend.supported());
        all.addAll(backend.autograd());
        return all;
    }

    private void addListed(BackendYaml.ListedOp op, DispatchKey key, Set<NativeFunction> listed) {
        NativeFunction f = op.function();
        MethodSpec declaration = declaration(f);
        BackendYaml.ListedOp clash = declaredFor.putIfAbsent(methodKey(declaration), op);
        if (clash != null) {
            throw new OpsYamlException(List.of(new OpsYamlError(backend.file(), op.line(), f.name() + " needs the method "
                    + describe(declaration) + " in " + kernelClass.simpleName() + ", as does " + clash.function().name()
                    + " (line " + clash.line() + "); Java cannot tell the two apart, so the backend can implement only"
                    + " one of them")));
        }
        declarations.put(methodKey(declaration), declaration);
        registrations.add(new Registration(f, key, direct(f, key)));
        if (f.kind() != backend.primaryKind()) {
            return;
        }
        for (NativeFunction variant : ops.variants(f).values()) {
            if (listed.contains(variant) || variant == f) {
                continue;
            }
            MethodSpec derived = derivedWrapper(f, variant, key);
            if (derived != null) {
                registrations.add(new Registration(variant, key, derived));
            }
        }
    }

    /** The abstract method the author implements for one listed operator. */
    private static MethodSpec declaration(NativeFunction f) {
        FunctionSchema schema = f.func();
        return MethodSpec.methodBuilder(NativeFunction.cppName(schema))
                .addModifiers(Modifier.PUBLIC, Modifier.ABSTRACT)
                .addParameters(DispatcherSignature.parameters(schema))
                .returns(DispatcherSignature.returnType(schema))
                .addJavadoc("{@code $L}\n", schema)
                .build();
    }

    private static String methodKey(MethodSpec m) {
        return m.name() + m.parameters().stream().map(p -> p.type().toString()).toList();
    }

    /** {@code public Tensor add(Tensor self, Tensor other, Scalar alpha)}, with simple type names. */
    public static String describe(MethodSpec m) {
        String params = m.parameters().stream().map(p -> simpleName(p.type().toString()) + " " + p.name())
                .collect(Collectors.joining(", "));
        return "public " + simpleName(m.returnType().toString()) + " " + m.name() + "(" + params + ")";
    }

    /** {@code org.jitdispatch.Tensor[]} -&gt; {@code Tensor[]}. */
    public static String simpleName(String typeName) {
        return typeName.replaceAll("\\b[a-z][a-z0-9_]*\\.", "");
    }

    private String wrapperName(NativeFunction f, DispatchKey key) {
        return JavaNames.wrapper(key.name(), f.name());
    }

    private MethodSpec.Builder wrapperBuilder(NativeFunction f, DispatchKey key) {
        return MethodSpec.methodBuilder(wrapperName(f, key))
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameters(DispatcherSignature.parameters(f.func()))
                .returns(DispatcherSignature.returnType(f.func()));
    }

    private CodeBlock kernelCall(NativeFunction f, List<Argument> arguments) {
        return CodeBlock.of("$N.$N($L)", kernels, NativeFunction.cppName(f.func()),
                DispatcherSignature.argumentNames(arguments));
    }

    /** Calls the author's method for a listed operator. */
    private MethodSpec direct(NativeFunction f, DispatchKey key) {
        MethodSpec.Builder m = wrapperBuilder(f, key).addJavadoc("{@code $L} for $L: the backend's kernel.\n", f.func(), key);
        CodeBlock call = kernelCall(f, f.func().arguments());
        if (f.func().returns().isEmpty()) {
            m.addStatement(call);
        } else {
            m.addStatement("return $L", call);
        }
        return m.build();
    }

    /**
     * A variant the backend leaves to the generator (gen_backend_stubs' out and inplace wrappers), or null
     * when this variant cannot be built from the primary one (several outputs, mutable or scratch forms).
     */
    private MethodSpec derivedWrapper(NativeFunction primary, NativeFunction variant, DispatchKey key) {
        FunctionSchema p = primary.func();
        FunctionSchema v = variant.func();
        if (v.returns().size() != 1 || p.returns().size() != 1 || v.outArguments().size() > 1 || p.outArguments().size() > 1) {
            return null;
        }
        // a factory's out= variant has no TensorOptions to call the functional kernel with
        Set<String> available = v.arguments().stream().map(Argument::name).collect(Collectors.toSet());
        boolean complete = p.arguments().stream().filter(a -> !p.outArguments().contains(a))
                .allMatch(a -> available.contains(a.name()));
        if (!complete) {
            return null;
        }
        MethodSpec.Builder m = wrapperBuilder(variant, key);
        String self = v.arguments().get(0).name();
        if (primary.kind() == SchemaKind.functional) {
            CodeBlock result = kernelCall(primary, p.arguments());
            if (variant.kind() == SchemaKind.inplace) {
                m.addJavadoc("{@code $L} for $L: the backend's {@code $L}, copied into self.\n", v, key, p.name());
                m.addStatement("return $T.copyIntoSelf($S, $N, $L)", BACKEND_WRAPPERS, JavaNames.qualifiedOp(v.name()),
                        JavaNames.param(self), result);
                return m.build();
            }
            if (variant.kind() == SchemaKind.out) {
                m.addJavadoc("{@code $L} for $L: the backend's {@code $L}, copied into out.\n", v, key, p.name());
                m.addStatement("return $T.copyIntoOut($N, $L)", BACKEND_WRAPPERS,
                        JavaNames.param(v.outArguments().get(0).name()), result);
                return m.build();
            }
            return null;
        }
        // out= is primary: pass a new empty tensor, or self, as its out argument
        String out = p.outArguments().get(0).name();
        List<CodeBlock> args = new ArrayList<>();
        for (Argument a : p.arguments()) {
            args.add(a.name().equals(out) ? CodeBlock.of("$N", out) : CodeBlock.of("$N", JavaNames.param(a.name())));
        }
        if (variant.kind() == SchemaKind.functional) {
            Argument like = v.arguments().stream().filter(a -> a.type().isTensorLike()).findFirst().orElse(null);
            if (like == null) {
                return null;
            }
            m.addJavadoc("{@code $L} for $L: the backend's {@code $L} into a new tensor.\n", v, key, p.name());
            m.addStatement("$T $N = $T.newOutput($N)", JavaNames.TENSOR, out, BACKEND_WRAPPERS, JavaNames.param(like.name()));
        } else if (variant.kind() == SchemaKind.inplace) {
            m.addJavadoc("{@code $L} for $L: the backend's {@code $L} with self as out.\n", v, key, p.name());
            m.addStatement("$T $N = $N", JavaNames.TENSOR, out, JavaNames.param(self));
        } else {
            return null;
        }
        m.addStatement("return $N.$N($L)", kernels, NativeFunction.cppName(p), CodeBlock.join(args, ", "));
        return m.build();
    }

    /** Every generated file. */
    public List<JavaFile> files() {
        return List.of(declarationsFile(), registerFile());
    }

    private JavaFile declarationsFile() {
        TypeSpec.Builder t = TypeSpec.interfaceBuilder(kernelClass.simpleName() + "Declarations")
                .addModifiers(Modifier.PUBLIC)
                .addJavadoc("The kernels the $L backend implements, generated from $L: implement this interface in"
                        + " {@link $T} (with a public no-argument constructor).\n", backend.backend(),
                        java.nio.file.Path.of(backend.file()).getFileName(), kernelClass);
        declarations.values().forEach(t::addMethod);
        return JavaFile.builder(backend.javaPackage(), t.build()).skipJavaLangImports(true).build();
    }

    private JavaFile registerFile() {
        TypeSpec.Builder t = TypeSpec.classBuilder(registerClass)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Registers the $L backend's kernels with the dispatcher, generated from $L.\n",
                        backend.backend(), java.nio.file.Path.of(backend.file()).getFileName())
                .addField(FieldSpec.builder(kernelClass, kernels, Modifier.PRIVATE, Modifier.STATIC, Modifier.FINAL)
                        .initializer("new $T()", kernelClass)
                        .addJavadoc("The one kernel object; a constant, so calls through it inline.\n").build())
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        registrations.forEach(r -> t.addMethod(r.wrapper()));
        t.addMethod(registerMethod());
        return JavaFile.builder(backend.javaPackage(), t.build()).skipJavaLangImports(true).build();
    }

    private MethodSpec registerMethod() {
        DispatchKey key = backend.backend();
        MethodSpec.Builder m = MethodSpec.methodBuilder("register")
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(Dispatcher.class, "dispatcher")
                .returns(RegistrationHandle.class)
                .addException(ReflectiveOperationException.class)
                .addJavadoc("Registers every kernel of the backend ($L, and $L for its autograd operators) and the boxed"
                        + " CPU fallback for the operators it does not implement. Closing the handle undoes all of it.\n",
                        key, backend.autogradKey())
                .addStatement("$T.Lookup lookup = $T.lookup()", MethodHandles.class, MethodHandles.class)
                .addStatement("$T backend = dispatcher.libraryImpl($S, $T.$L)", Library.class, "aten", DispatchKey.class, key.name())
                .addStatement("$T autograd = dispatcher.libraryImpl($S, $T.$L)", Library.class, "aten", DispatchKey.class,
                        backend.autogradKey().name());
        for (Registration r : registrations) {
            m.addStatement("$L.impl($S, lookup.findStatic($T.class, $S, $L))", r.key() == key ? "backend" : "autograd",
                    r.function().name().toString(), registerClass, r.wrapper().name(),
                    DispatcherSignature.methodType(r.function().func()));
        }
        m.addStatement("$T fallback = $T.register(dispatcher, $T.$L)", RegistrationHandle.class, CPU_FALLBACK,
                DispatchKey.class, key.name());
        m.addStatement("return () -> {\n$>fallback.close();\nautograd.close();\nbackend.close();\n$<}");
        return m.build();
    }
}
