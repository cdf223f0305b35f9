package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.DispatcherSignature;
import org.jitdispatch.jit.gen.api.HandleCalls;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.gen.api.KernelPlan;
import org.jitdispatch.jit.model.KernelRef;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.SchemaKind;

/**
 * One {@code Register<Key>} class per dispatch key (PyTorch's RegisterCPU.cpp): a static wrapper per
 * operator that calls the declared kernel, or runs the structured meta and impl, and a
 * {@code register(Dispatcher)} that registers every wrapper for the key.
 */
public final class WrapperGen {
    private WrapperGen() {
    }

    public static JavaFile generate(DispatchKey key, List<KernelPlan.Registration> registrations) {
        return generate(key, registrations, java.util.Set.of(), java.util.Set.of());
    }

    /**
     * {@code recordedInplace}: the in-place operators whose Autograd kernel records their write (a derivative
     * of their own or of their functional variant); their ADInplaceOrView kernels let tensors with history
     * through, which that Autograd kernel has already checked. {@code differentiableViews}: the view operators
     * whose kernel wrappers record the result's base for autograd.
     */
    public static JavaFile generate(DispatchKey key, List<KernelPlan.Registration> registrations,
            java.util.Set<OperatorName> recordedInplace, java.util.Set<OperatorName> differentiableViews) {
        ClassName self = JavaNames.registerClass(key.name());
        TypeSpec.Builder type = TypeSpec.classBuilder(self)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("Kernels of the aten operators for $L, generated from ops.yaml.\n", key)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        MethodSpec.Builder register = MethodSpec.methodBuilder("register")
                .addModifiers(Modifier.STATIC)
                .addParameter(Dispatcher.class, "dispatcher")
                .addException(ReflectiveOperationException.class)
                .addJavadoc("Registers every $L wrapper of this class with the dispatcher.\n", key)
                .addStatement("$T lib = dispatcher.libraryImpl($S, $T.$L)", Library.class, "aten", DispatchKey.class, key.name())
                .addStatement("$T.Lookup lookup = $T.lookup()", MethodHandles.class, MethodHandles.class);
        for (KernelPlan.Registration r : registrations) {
            FunctionSchema schema = r.function().func();
            String wrapperName = JavaNames.wrapper(key.name(), schema.name());
            type.addMethod(wrapper(key, r, wrapperName, recordedInplace, differentiableViews));
            CodeBlock methodType = DispatcherSignature.methodType(schema);
            if (r.wrapper() instanceof KernelPlan.InplaceOrView) {
                methodType = CodeBlock.of("$L.insertParameterTypes(0, $T.class)", methodType, DispatchKeySet.class);
            }
            register.addStatement("lib.impl($S, lookup.findStatic($T.class, $S, $L))",
                    schema.name().toString(), self, wrapperName, methodType);
        }
        type.addMethod(register.build());
        return JavaFile.builder(JavaNames.GENERATED_PACKAGE, type.build()).skipJavaLangImports(true).build();
    }

    private static MethodSpec wrapper(DispatchKey key, KernelPlan.Registration r, String name,
            java.util.Set<OperatorName> recordedInplace, java.util.Set<OperatorName> differentiableViews) {
        FunctionSchema schema = r.function().func();
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameters(DispatcherSignature.parameters(schema))
                .returns(DispatcherSignature.returnType(schema))
                .addJavadoc("{@code $L} for $L.\n", schema, key);
        if (r.wrapper() instanceof KernelPlan.Direct d) {
            if (key.isAlias() && schema.kind() == SchemaKind.out) {
                // a composite out= kernel writes out through other operators (copy_, which autograd records), after
                // resizing it: its out= checks come first, as the ADInplaceOrView kernel makes them for the others
                outFunctionChecks(m, schema);
            }
            CodeBlock call = CodeBlock.of("$T.$N.$N($L)", JavaNames.KERNELS, JavaNames.kernelInstance(className(d.kernel().className())),
                    d.kernel().method(), DispatcherSignature.argumentNames(schema.arguments()));
            if (schema.returns().isEmpty()) {
                m.addStatement(call);
            } else if (differentiableViews.contains(schema.name()) && key != DispatchKey.CompositeImplicitAutograd) {
                // PyTorch's ADInplaceOrView kernel of a view operator (as_view), here in the kernel's wrapper so
                // that a view costs no extra dispatch: the result records its base, allocating nothing
                m.addStatement("$T result = $L", DispatcherSignature.returnType(schema), call);
                m.addStatement("$T.$N(result, $N)", JavaNames.AUTOGRAD,
                        AutogradGen.isMultiView(schema) ? "trackViews" : "trackView", JavaNames.param(schema.arguments().get(0).name()));
                m.addStatement("return result");
            } else {
                m.addStatement("return $L", call);
            }
            return m.build();
        }
        if (r.wrapper() instanceof KernelPlan.BackendSelect) {
            backendSelectBody(m, schema);
            return m.build();
        }
        if (r.wrapper() instanceof KernelPlan.InplaceOrView) {
            return inplaceOrViewWrapper(r, name, recordedInplace.contains(r.function().func().name()));
        }
        structuredBody(m, key, (KernelPlan.Structured) r.wrapper(), r.function());
        return m.build();
    }

    /**
     * {@code result = Ops.redispatch_X(ks & AFTER_AD_INPLACE_OR_VIEW, args...); written.versionCounter().bump()}:
     * c10's ADInplaceOrView kernel for an operator that writes to its arguments.
     */
    private static MethodSpec inplaceOrViewWrapper(KernelPlan.Registration r, String name, boolean recorded) {
        FunctionSchema schema = r.function().func();
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(DispatchKeySet.class, "ks")
                .addParameters(DispatcherSignature.parameters(schema))
                .returns(DispatcherSignature.returnType(schema))
                .addJavadoc("{@code $L} for ADInplaceOrView: bumps the version of every written tensor.\n", schema);
        CodeBlock invoke = CodeBlock.of("$L.invokeExact(ks.raw() & $T.AFTER_AD_INPLACE_OR_VIEW.raw(), $L)",
                JavaNames.redispatchHandle(schema.name()), DispatchKeySet.class,
                DispatcherSignature.argumentNames(schema.arguments()));
        if (schema.kind() == SchemaKind.out) {
            outFunctionChecks(m, schema);
        } else if (!recorded) {
            writeChecks(m, schema);
        }
        boolean returns = !schema.returns().isEmpty();
        if (returns) {
            m.addStatement("$T result", DispatcherSignature.returnType(schema));
        }
        HandleCalls.assigning(m, "result", invoke, DispatcherSignature.returnType(schema));
        for (Argument a : schema.arguments()) {
            if (a.isWrite() && a.type().isTensorLike()) {
                m.addStatement("$T.bumpVersions($N)", JavaNames.OP_SUPPORT, JavaNames.param(a.name()));
            }
        }
        if (returns) {
            m.addStatement("return result");
        }
        return m.build();
    }

    /**
     * torchgen's VariableType for out= functions: no autograd through them, so while gradients are recorded no
     * input may require grad, and the out tensors get the write check. Made before the kernel runs, so that a
     * refused call leaves out as it was.
     */
    private static void outFunctionChecks(MethodSpec.Builder m, FunctionSchema schema) {
        List<CodeBlock> tensors = new ArrayList<>();
        for (Argument a : schema.arguments()) {
            if (a.type().isTensorLike() && !a.isWrite()) {
                tensors.add(CodeBlock.of("$N", JavaNames.param(a.name())));
            }
        }
        if (!tensors.isEmpty()) {
            m.addStatement("$T.checkOutNotDifferentiable($S, $L)", JavaNames.OP_SUPPORT, schema.name().baseName(),
                    CodeBlock.join(tensors, ", "));
        }
        writeChecks(m, schema);
    }

    /** The write check of every tensor the operator writes (an in-place or out= call autograd does not record). */
    private static void writeChecks(MethodSpec.Builder m, FunctionSchema schema) {
        for (Argument a : schema.arguments()) {
            if (a.isWrite() && a.type().isTensorLike()) {
                m.addStatement("$T.checkWriteAllowed($N)", JavaNames.OP_SUPPORT, JavaNames.param(a.name()));
            }
        }
    }

    /** {@code return Ops.X.REDISPATCH(BackendSelection.keySetFor(device), args...)}. */
    private static void backendSelectBody(MethodSpec.Builder m, FunctionSchema schema) {
        Argument device = schema.arguments().stream().filter(a -> a.name().equals("device")).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(schema + " has no device argument"));
        CodeBlock invoke = CodeBlock.of("$L.invokeExact($T.keySetFor($N), $L)",
                JavaNames.redispatchHandle(schema.name()), JavaNames.BACKEND_SELECTION, JavaNames.param(device.name()),
                DispatcherSignature.argumentNames(schema.arguments()));
        HandleCalls.returning(m, invoke, DispatcherSignature.returnType(schema));
    }

    /** meta, commit, impl, return: PyTorch's structured wrapper for functional, in-place and out= calls. */
    private static void structuredBody(MethodSpec.Builder m, DispatchKey key, KernelPlan.Structured s, NativeFunction f) {
        FunctionSchema schema = f.func();
        ClassName metaType = s.inheritsTensorIterator() ? JavaNames.TENSOR_ITERATOR : JavaNames.STRUCTURED_META;
        List<Argument> inputs = nonOutArguments(schema);
        List<Argument> outs = schema.outArguments();
        int numOutputs = s.group().out().func().outArguments().size();
        if (s.impl().isPresent() && key == DispatchKey.CPU && s.group().out().cpuFastPath().isPresent()) {
            fastPathCall(m, s, schema);
        }
        switch (s.mode()) {
            case functional:
                m.addStatement("$T op = $T.functional($T.FACTORY)", metaType, metaType, JavaNames.TENSOR);
                break;
            case inplace:
                m.addStatement("$T op = $T.inplace($T.FACTORY, $N)", metaType, metaType, JavaNames.TENSOR,
                        JavaNames.param(schema.arguments().get(0).name()));
                break;
            case out:
                m.addStatement("$T op = $T.out($T.FACTORY, $L)", metaType, metaType, JavaNames.TENSOR,
                        DispatcherSignature.argumentNames(outs));
                break;
            default:
                throw new IllegalArgumentException("structured wrappers are functional, inplace or out, not " + s.mode()
                        + " (" + schema + ")");
        }
        if (key == DispatchKey.Meta) {
            // the Meta kernel wins dispatch whenever one argument is a meta tensor, so the call computes on meta
            // even if other arguments are CPU tensors (torchgen's create_out for Meta sets the meta device)
            m.addStatement("op.outputsOnMeta()");
        }
        String kernels = JavaNames.kernelInstance(className(s.metaClass()));
        m.addStatement("$T.$N.$N(op, $L)", JavaNames.KERNELS, kernels,
                JavaNames.metaFunction(s.group().functional().name()), DispatcherSignature.argumentNames(inputs));
        m.addStatement("op.commit()");
        // impl writes to op.output(i): the out tensor itself, or a proxy with the strides meta asked for
        List<CodeBlock> implOutputs = new ArrayList<>();
        for (int i = 0; i < numOutputs; i++) {
            implOutputs.add(CodeBlock.of("($T) op.output($L)", JavaNames.TENSOR, i));
        }
        List<CodeBlock> outputs = new ArrayList<>();
        for (int i = 0; i < numOutputs; i++) {
            switch (s.mode()) {
                case functional:
                    outputs.add(CodeBlock.of("($T) op.output($L)", JavaNames.TENSOR, i));
                    break;
                case inplace:
                    outputs.add(CodeBlock.of("$N", JavaNames.param(schema.arguments().get(0).name())));
                    break;
                default:
                    outputs.add(CodeBlock.of("$N", JavaNames.param(outs.get(i).name())));
            }
        }
        if (s.impl().isPresent()) {
            String implClass = JavaNames.kernelInstance(className(s.impl().get().className()));
            List<CodeBlock> implArgs = new ArrayList<>();
            implArgs.add(CodeBlock.of("op"));
            implArgs.add(DispatcherSignature.argumentNames(inputs));
            implArgs.addAll(implOutputs);
            m.addStatement("$T.$N.$N($L)", JavaNames.KERNELS, implClass, s.impl().get().method(),
                    CodeBlock.join(implArgs, ", "));
            m.addStatement("op.finish()");
        }
        TypeName ret = DispatcherSignature.returnType(schema);
        if (schema.returns().isEmpty()) {
            return;
        }
        if (schema.returns().size() == 1) {
            m.addStatement("return $L", outputs.get(0));
        } else {
            m.addStatement("return new $T {$L}", ret, CodeBlock.join(outputs, ", "));
        }
    }

    /**
     * {@code Tensor fast = Kernels.X.fast(out, args...); if (fast != null) return fast;}: the group's
     * cpu_fast_path, with the output this call writes (null when it allocates).
     */
    private static void fastPathCall(MethodSpec.Builder m, KernelPlan.Structured s, FunctionSchema schema) {
        KernelRef fast = s.group().out().cpuFastPath().get();
        CodeBlock out;
        switch (s.mode()) {
            case functional:
                out = CodeBlock.of("null");
                break;
            case inplace:
                out = CodeBlock.of("$N", JavaNames.param(schema.arguments().get(0).name()));
                break;
            default:
                out = CodeBlock.of("$N", JavaNames.param(schema.outArguments().get(0).name()));
        }
        m.addStatement("$T fast = $T.$N.$N($L, $L)", JavaNames.TENSOR, JavaNames.KERNELS,
                JavaNames.kernelInstance(className(fast.className())), fast.method(), out,
                DispatcherSignature.argumentNames(nonOutArguments(schema)));
        m.beginControlFlow("if (fast != null)").addStatement("return fast").endControlFlow();
    }

    static List<Argument> nonOutArguments(FunctionSchema schema) {
        List<Argument> in = new ArrayList<>(schema.arguments());
        in.removeAll(schema.outArguments());
        return in;
    }

    /** Kernel refs without a class use the default kernel class. */
    static String className(String refClass) {
        return refClass == null ? DeclarationsGen.DEFAULT_KERNEL_CLASS : refClass;
    }

    static boolean isOut(FunctionSchema schema) {
        return schema.kind() == SchemaKind.out;
    }
}
