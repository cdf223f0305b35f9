package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.ArrayTypeName;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.ParameterizedTypeName;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jitdispatch.jit.gen.api.ApiSignature;
import org.jitdispatch.jit.gen.api.HandleCalls;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.gen.api.KernelPlan;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.runtime.Device;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorFactory;
import org.jitdispatch.runtime.TensorImpl;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseTy;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.ListType;
import org.jitdispatch.runtime.schema.SchemaKind;
import org.jitdispatch.runtime.schema.Type;

/**
 * The user-facing API (PyTorch's Functions.h and TensorBody.h): static functions on {@code Torch} for
 * {@code variants: function} and methods on {@code Tensor} for {@code variants: method}. Each full
 * overload invokes the operator's handle in {@code Ops}, or, with {@code manual_bindings}, calls the
 * CPU wrapper directly after checking that every tensor is on the CPU. Shorter overloads leave off
 * trailing defaulted arguments and call the full one; an overload whose Java signature another
 * operator already took is left out (as torchgen's cpp_no_default_args does by hand).
 */
public final class ApiGen {
    private final KernelPlan plan;
    private final Set<String> torchSignatures = new HashSet<>();
    private final Set<String> tensorSignatures = new HashSet<>(reservedTensorSignatures());
    private final TypeSpec.Builder torch;
    private final TypeSpec.Builder tensor;

    public ApiGen(KernelPlan plan) {
        this.plan = plan;
        torch = TypeSpec.classBuilder(JavaNames.TORCH)
                .addModifiers(javax.lang.model.element.Modifier.PUBLIC, javax.lang.model.element.Modifier.FINAL)
                .superclass(JavaNames.TORCH_BASE)
                .addJavadoc("The aten operators as functions ({@code Torch.add(a, b)}), generated from ops.yaml;"
                        + " tensor creation from Java arrays is inherited from {@link $T}.\n", JavaNames.TORCH_BASE)
                .addMethod(MethodSpec.constructorBuilder().addModifiers(javax.lang.model.element.Modifier.PRIVATE).build());
        tensor = tensorClass();
    }

    public void add(NativeFunction f) {
        if (f.hasFunctionVariant()) {
            addOverloads(torch, torchSignatures, f, ApiSignature.function(f.func()), true);
        }
        if (f.hasMethodVariant()) {
            addOverloads(tensor, tensorSignatures, f, ApiSignature.method(f.func()), false);
        }
    }

    public List<JavaFile> files() {
        return List.of(
                JavaFile.builder(JavaNames.API_PACKAGE, torch.build()).skipJavaLangImports(true).build(),
                JavaFile.builder(JavaNames.API_PACKAGE, tensor.build()).skipJavaLangImports(true).build());
    }

    private void addOverloads(TypeSpec.Builder cls, Set<String> taken, NativeFunction f, ApiSignature sig, boolean isStatic) {
        String name = JavaNames.apiMethod(f.func());
        List<Integer> arities = sig.overloadArities();
        for (int arity : arities) {
            String key = sig.erasureKey(name, arity);
            if (!taken.add(key)) {
                if (arity == sig.params().size()) {
                    throw new IllegalArgumentException("The API method " + key + " of " + f.func() + " clashes with"
                            + " another operator's or with a TensorImpl method; rename the operator or its overload");
                }
                continue;
            }
            MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                    .addModifiers(javax.lang.model.element.Modifier.PUBLIC)
                    .returns(sig.returnType())
                    .addJavadoc("{@code aten::$L}$L\n", f.func(), f.manualBindings()
                            ? " (manual_bindings: calls the CPU kernel directly, bypassing the dispatcher)" : "");
            if (isStatic) {
                m.addModifiers(javax.lang.model.element.Modifier.STATIC);
            }
            for (int i = 0; i < arity; i++) {
                m.addParameter(sig.params().get(i).spec());
            }
            // x.view(2, 3) reads better than x.view(new long[] {2, 3})
            if (arity > 0 && sig.params().get(arity - 1).type().equals(TypeName.get(long[].class))) {
                m.varargs(true);
            }
            nullChecks(m, f.func(), sig, arity);
            compositeOutCheck(m, f, sig, arity);
            // every overload calls the operator itself, with the defaults filled in, rather than the full
            // overload: one call level less between the user and the kernel for HotSpot's inlining depth
            if (f.manualBindings()) {
                manualBindingBody(m, f, sig, arity);
            } else {
                dispatcherBody(m, f, sig, arity);
            }
            cls.addMethod(m.build());
        }
    }

    /**
     * A null where the schema has no optional turns into a NullPointerException that names the operator and
     * the argument, here at the API boundary, before anything is read or written. Each check is one small
     * static call that HotSpot inlines into a never-taken branch, so it costs the caller nothing measurable.
     */
    private static void nullChecks(MethodSpec.Builder m, FunctionSchema s, ApiSignature sig, int arity) {
        for (int i = 0; i < arity; i++) {
            ApiSignature.Param p = sig.params().get(i);
            Type type = p.argument().type();
            if (type.isOptional() || p.type().isPrimitive()) {
                continue;
            }
            boolean tensorList = type instanceof ListType list && list.elem().is(BaseTy.TENSOR);
            m.addStatement("$T.$L($N, $S, $S, $S)", JavaNames.OP_SUPPORT, tensorList ? "requireElements" : "requireArgument",
                    p.name(), JavaNames.qualifiedOp(s.name()), p.argument().name(), type.toString());
        }
    }

    /**
     * A composite out= operator has no ADInplaceOrView kernel of its own (its inner operators write), so the
     * check that an out= call records no autograd history runs here, before the composite kernel resizes out. As
     * in torchgen, it looks at the inputs; an out tensor that requires grad fails the write's own check.
     */
    private static void compositeOutCheck(MethodSpec.Builder m, NativeFunction f, ApiSignature sig, int arity) {
        if (f.func().kind() != SchemaKind.out || KernelPlan.writesTensors(f)) {
            return;
        }
        List<CodeBlock> tensors = new java.util.ArrayList<>();
        for (int i = 0; i < arity; i++) {
            ApiSignature.Param p = sig.params().get(i);
            if (p.argument().type().isTensorLike() && !p.argument().isWrite()) {
                tensors.add(CodeBlock.of("$N", p.name()));
            }
        }
        if (tensors.isEmpty()) {
            return; // an out tensor that requires grad gets the in-place check of the write
        }
        m.addStatement("$T.checkOutNotDifferentiable($S, $L)", JavaNames.OP_SUPPORT, f.func().name().baseName(),
                CodeBlock.join(tensors, ", "));
    }

    private static void dispatcherBody(MethodSpec.Builder m, NativeFunction f, ApiSignature sig, int arity) {
        FunctionSchema s = f.func();
        TypeName ret = sig.returnType();
        CodeBlock invoke = CodeBlock.of("$L.invokeExact($L)", JavaNames.opHandle(s.name()),
                sig.schemaOrderArguments(arity));
        HandleCalls.returning(m, invoke, ret);
    }

    private void manualBindingBody(MethodSpec.Builder m, NativeFunction f, ApiSignature sig, int arity) {
        FunctionSchema s = f.func();
        KernelPlan.Registration cpu = plan.find(f, DispatchKey.CPU).orElseThrow(() -> new IllegalArgumentException(
                f.func() + " has manual_bindings: True but no CPU kernel to call"));
        for (Argument a : s.dispatchArguments()) {
            int index = sig.params().indexOf(sig.params().stream().filter(p -> p.argument() == a).findFirst().orElse(null));
            if (index >= arity) {
                continue; // left at its default (None)
            }
            CodeBlock value = index < 0 ? CodeBlock.of("this") : CodeBlock.of("$N", JavaNames.param(a.name()));
            m.addStatement("$T.checkManualBinding($S, $S, $L)", JavaNames.OP_SUPPORT, JavaNames.qualifiedOp(s.name()), a.name(), value);
        }
        CodeBlock call = CodeBlock.of("$T.$N($L)", JavaNames.registerClass(cpu.key().name()),
                JavaNames.wrapper(cpu.key().name(), s.name()), sig.schemaOrderArguments(arity));
        returnOrRun(m, s, call);
    }

    private static void returnOrRun(MethodSpec.Builder m, FunctionSchema s, CodeBlock call) {
        if (s.returns().isEmpty()) {
            m.addStatement(call);
        } else {
            m.addStatement("return $L", call);
        }
    }

    private static TypeSpec.Builder tensorClass() {
        ClassName t = JavaNames.TENSOR;
        return TypeSpec.classBuilder(t)
                .addModifiers(javax.lang.model.element.Modifier.PUBLIC, javax.lang.model.element.Modifier.FINAL)
                .superclass(JavaNames.TENSOR_BASE)
                .addJavadoc("A tensor with the aten operators as methods ({@code a.add(b)}, {@code a.add_(b)}),"
                        + " generated from ops.yaml. Storage and metadata live in {@link $T}, the autograd API in {@link"
                        + " $T}.\n", TensorImpl.class, JavaNames.TENSOR_BASE)
                .addField(FieldSpec.builder(ParameterizedTypeName.get(ClassName.get(TensorFactory.class), t), "FACTORY",
                                javax.lang.model.element.Modifier.PUBLIC, javax.lang.model.element.Modifier.STATIC,
                                javax.lang.model.element.Modifier.FINAL)
                        .addJavadoc("Makes Tensors; what kernels allocate outputs with.\n")
                        .initializer("$T.of($T::new)", TensorFactory.class, t).build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(javax.lang.model.element.Modifier.PUBLIC)
                        .addParameter(Storage.class, "storage")
                        .addParameter(ScalarType.class, "dtype")
                        .addParameter(Device.class, "device")
                        .addParameter(long[].class, "sizes")
                        .addParameter(long[].class, "strides")
                        .addParameter(long.class, "storageOffset")
                        .addJavadoc("A tensor over {@code storage} (null for meta tensors); see {@link $T}.\n", TensorImpl.class)
                        .addStatement("super(storage, dtype, device, sizes, strides, storageOffset)")
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(javax.lang.model.element.Modifier.PUBLIC)
                        .addParameter(TensorImpl.class, "like")
                        .addParameter(Storage.class, "storage")
                        .addParameter(ScalarType.class, "dtype")
                        .addJavadoc("A contiguous tensor of {@code like}'s sizes over a new {@code storage}: a fast path's"
                                + " result; see {@link $T}.\n", TensorImpl.class)
                        .addStatement("super(like, storage, dtype)")
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(javax.lang.model.element.Modifier.PUBLIC)
                        .addParameter(Storage.class, "storage")
                        .addParameter(long[].class, "sizes")
                        .addJavadoc("A contiguous CPU tensor of {@code sizes} over a new {@code storage}: a fast path's"
                                + " result of a new shape; see {@link $T}.\n", TensorImpl.class)
                        .addStatement("super(storage, sizes)")
                        .build())
                .addMethod(MethodSpec.constructorBuilder()
                        .addModifiers(javax.lang.model.element.Modifier.PRIVATE)
                        .addParameter(TensorImpl.class, "base")
                        .addParameter(long[].class, "viewGeometry")
                        .addParameter(long.class, "viewOffset")
                        .addJavadoc("A view of {@code base}; see {@link $T}.\n", TensorImpl.class)
                        .addStatement("super(base, viewGeometry, viewOffset)")
                        .build())
                .addMethod(MethodSpec.methodBuilder("makeView")
                        .addAnnotation(Override.class)
                        .addModifiers(javax.lang.model.element.Modifier.PROTECTED)
                        .returns(t)
                        .addParameter(long[].class, "viewGeometry")
                        .addParameter(long.class, "viewOffset")
                        .addStatement("return new $T(this, viewGeometry, viewOffset)", t)
                        .build())
                .addMethod(MethodSpec.methodBuilder("asStridedOwning")
                        .addAnnotation(Override.class)
                        .addModifiers(javax.lang.model.element.Modifier.PUBLIC)
                        .returns(t)
                        .addParameter(long[].class, "viewGeometry")
                        .addParameter(long.class, "viewOffset")
                        .addStatement("return ($T) super.asStridedOwning(viewGeometry, viewOffset)", t)
                        .build())
                .addMethod(MethodSpec.methodBuilder("asStrided")
                        .addAnnotation(Override.class)
                        .addModifiers(javax.lang.model.element.Modifier.PUBLIC)
                        .returns(t)
                        .addParameter(long[].class, "viewSizes")
                        .addParameter(long[].class, "viewStrides")
                        .addParameter(long.class, "viewOffset")
                        .addStatement("return ($T) super.asStrided(viewSizes, viewStrides, viewOffset)", t)
                        .build());
    }

    /**
     * TensorImpl's public methods, and the autograd API of the hand-written TensorBase: a generated method
     * with the same name and parameters would clash.
     */
    private static Set<String> reservedTensorSignatures() {
        Set<String> out = new HashSet<>();
        for (Method m : TensorImpl.class.getMethods()) {
            if (Modifier.isStatic(m.getModifiers())) {
                continue;
            }
            StringBuilder sb = new StringBuilder(m.getName()).append('(');
            for (Class<?> p : m.getParameterTypes()) {
                TypeName tn = p == TensorImpl.class ? JavaNames.TENSOR
                        : p == TensorImpl[].class ? ArrayTypeName.of(JavaNames.TENSOR) : TypeName.get(p);
                sb.append(tn).append(',');
            }
            out.add(sb.append(')').toString());
        }
        for (String autograd : new String[] {"requiresGrad()", "requiresGrad_(boolean,)", "grad()", "gradFn()",
                "isLeaf()", "backward()", "backward(org.jitdispatch.Tensor,)", "backward(org.jitdispatch.Tensor,boolean,)"}) {
            out.add(autograd);
        }
        out.remove("asStrided(long[],long[],long,)"); // overridden on purpose, covariantly
        out.remove("asStridedOwning(long[],long,)");
        out.remove("toString()");
        return out;
    }
}
