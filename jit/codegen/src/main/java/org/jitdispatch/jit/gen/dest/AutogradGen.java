package org.jitdispatch.jit.gen.dest;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.FieldSpec;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.MethodSpec;
import com.palantir.javapoet.TypeName;
import com.palantir.javapoet.TypeSpec;
import java.lang.invoke.MethodHandles;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import javax.lang.model.element.Modifier;
import org.jitdispatch.jit.gen.api.ApiTypes;
import org.jitdispatch.jit.gen.api.DispatcherSignature;
import org.jitdispatch.jit.gen.api.HandleCalls;
import org.jitdispatch.jit.gen.api.JavaNames;
import org.jitdispatch.jit.model.Derivative;
import java.util.LinkedHashMap;
import java.util.HashSet;
import java.util.Set;
import org.jitdispatch.runtime.schema.SchemaKind;
import org.jitdispatch.runtime.schema.OperatorName;
import org.jitdispatch.jit.model.NativeFunction;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.BaseTy;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * Autograd from derivatives.yaml (PyTorch's Functions.cpp and VariableType.cpp): one backward
 * {@code Node} per differentiable operator, saving what its formulas read, and one kernel for the
 * Autograd key that records the node, redispatches below autograd and attaches the node to the result.
 * Every input gradient is summed back to its input's size, which undoes broadcasting.
 */
public final class AutogradGen {
    static final ClassName FUNCTIONS = ClassName.get(JavaNames.GENERATED_PACKAGE, "AutogradFunctions");
    static final ClassName REGISTER = JavaNames.registerClass("Autograd");
    private static final ClassName NODE = ClassName.get("org.jitdispatch.autograd", "Node");
    private static final ClassName EDGE = ClassName.get("org.jitdispatch.autograd", "Edge");
    private static final ClassName SAVED = ClassName.get("org.jitdispatch.autograd", "SavedVariable");
    private static final ClassName SAVED_GEOMETRY = ClassName.get("org.jitdispatch.autograd", "SavedGeometry");
    private static final ClassName AUTOGRAD = JavaNames.AUTOGRAD;
    private static final ClassName GRAD_MODE = ClassName.get("org.jitdispatch.autograd", "GradMode");
    private static final ClassName FORMULAS = ClassName.get("org.jitdispatch.autograd", "Formulas");

    private AutogradGen() {
    }

    /**
     * The in-place variants that get an Autograd kernel of their own: {@code add_.Tensor} when
     * {@code add.Tensor} has a derivative (and no entry of its own), recording the functional's node and
     * rebasing self's history onto it, as torchgen derives in-place derivatives from functional ones.
     */
    public static Map<OperatorName, Derivative> derivedInplace(OpsYaml ops, List<Derivative> derivatives) {
        Set<OperatorName> explicit = new HashSet<>();
        derivatives.forEach(d -> explicit.add(d.schema().name()));
        Map<OperatorName, Derivative> out = new LinkedHashMap<>();
        for (Derivative d : derivatives) {
            OperatorName f = d.schema().name();
            if (d.schema().kind() != SchemaKind.functional || d.schema().returns().size() != 1 || isView(d.schema())) {
                continue; // an in-place view op (transpose_) changes metadata only, and is not derived
            }
            // torchgen groups an in-place operator with the functional of the same signature, whatever their
            // overload names: pow_.Scalar is the in-place form of pow.Tensor_Scalar
            for (NativeFunction n : ops.functions()) {
                OperatorName inplace = n.name();
                if (inplace.namespace().equals(f.namespace()) && inplace.name().equals(f.name() + "_")
                        && !explicit.contains(inplace) && sameArgumentNames(n.func(), d.schema())) {
                    out.put(inplace, d);
                }
            }
        }
        return out;
    }

    /** The same arguments, by name and type (pow_.Scalar is not the in-place form of pow.Scalar). */
    private static boolean sameArgumentNames(FunctionSchema a, FunctionSchema b) {
        return a.arguments().stream().map(x -> x.name() + ":" + x.type()).toList()
                .equals(b.arguments().stream().map(x -> x.name() + ":" + x.type()).toList());
    }

    public static List<JavaFile> generate(OpsYaml ops, List<Derivative> derivatives) {
        TypeSpec.Builder functions = TypeSpec.classBuilder(FUNCTIONS)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The backward functions of the differentiable operators, generated from derivatives.yaml.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        TypeSpec.Builder register = TypeSpec.classBuilder(REGISTER)
                .addModifiers(Modifier.PUBLIC, Modifier.FINAL)
                .addJavadoc("The Autograd kernels of the differentiable operators, generated from derivatives.yaml.\n")
                .addMethod(MethodSpec.constructorBuilder().addModifiers(Modifier.PRIVATE).build());
        MethodSpec.Builder registration = MethodSpec.methodBuilder("register")
                .addModifiers(Modifier.STATIC)
                .addParameter(Dispatcher.class, "dispatcher")
                .addException(ReflectiveOperationException.class)
                .addStatement("$T lib = dispatcher.libraryImpl($S, $T.$L)", Library.class, "aten", DispatchKey.class,
                        DispatchKey.Autograd.name())
                .addStatement("$T.Lookup lookup = $T.lookup()", MethodHandles.class, MethodHandles.class);
        Map<String, Integer> perBase = new HashMap<>();
        for (Derivative d : derivatives) {
            FunctionSchema s = d.schema();
            int n = perBase.merge(s.name().baseName(), 1, Integer::sum) - 1;
            String nodeName = camel(s.name().baseName()) + "Backward" + n;
            Plan plan = new Plan(d);
            functions.addType(node(nodeName, plan));
            String wrapper = JavaNames.wrapper("Autograd", s.name());
            if (s.kind() == SchemaKind.inplace) {
                boolean inplaceView = ops.function(s.name()).orElseThrow().tags().contains("inplace_view");
                register.addMethod(inplaceKernel(wrapper, s, FUNCTIONS.nestedClass(nodeName), plan, inplaceView));
            } else {
                register.addMethod(kernel(wrapper, FUNCTIONS.nestedClass(nodeName), plan));
            }
            registration.addStatement("lib.impl($S, lookup.findStatic($T.class, $S, $L.insertParameterTypes(0, $T.class)))",
                    s.name().toString(), REGISTER, wrapper, DispatcherSignature.methodType(s), DispatchKeySet.class);
        }
        Map<OperatorName, String> nodeNames = new HashMap<>();
        Map<String, Integer> counted = new HashMap<>();
        for (Derivative d : derivatives) {
            int n = counted.merge(d.schema().name().baseName(), 1, Integer::sum) - 1;
            nodeNames.put(d.schema().name(), camel(d.schema().name().baseName()) + "Backward" + n);
        }
        for (Map.Entry<OperatorName, Derivative> e : derivedInplace(ops, derivatives).entrySet()) {
            FunctionSchema inplace = ops.function(e.getKey()).orElseThrow().func();
            Plan plan = new Plan(e.getValue());
            String wrapper = JavaNames.wrapper("Autograd", inplace.name());
            register.addMethod(inplaceKernel(wrapper, inplace, FUNCTIONS.nestedClass(nodeNames.get(e.getValue().schema().name())),
                    plan, false));
            registration.addStatement("lib.impl($S, lookup.findStatic($T.class, $S, $L.insertParameterTypes(0, $T.class)))",
                    inplace.name().toString(), REGISTER, wrapper, DispatcherSignature.methodType(inplace),
                    DispatchKeySet.class);
        }
        register.addMethod(registration.build());
        return List.of(
                JavaFile.builder(JavaNames.GENERATED_PACKAGE, functions.build()).skipJavaLangImports(true).build(),
                JavaFile.builder(JavaNames.GENERATED_PACKAGE, register.build()).skipJavaLangImports(true).build());
    }

    /** What one operator's node saves and computes. */
    private static final class Plan {
        final Derivative d;
        final FunctionSchema s;
        /** The tensor inputs in edge order (every Tensor / Tensor? argument). */
        final List<Argument> inputs = new ArrayList<>();
        final List<Argument> savedTensors = new ArrayList<>();
        final List<Argument> savedValues = new ArrayList<>();
        /**
         * The inputs whose geometry ({@code <input>_geometry}: sizes, strides, storage offset) the formulas read,
         * saved instead of the tensor where only its layout matters.
         */
        final List<Argument> geometries = new ArrayList<>();
        /** How formulas name each output: {@code result} for one, else the return names or result0, result1, ... */
        final List<String> outputNames = new ArrayList<>();
        /** The outputs formulas read, by index. */
        final List<Integer> savedOutputs = new ArrayList<>();
        final boolean usesInputMask;
        /** One {@code Tensor[]} return (unbind, split): as many outputs, and node inputs, as the call returns. */
        final boolean listOutput;

        Plan(Derivative d) {
            this.d = d;
            this.s = d.schema();
            String all = String.join(" ", d.formulas().values());
            for (Argument a : s.arguments()) {
                boolean tensor = a.type().isTensorLike();
                if (tensor) {
                    inputs.add(a);
                    if (uses(all, a.name() + "_geometry")) {
                        if (a.type().isList()) {
                            throw new IllegalArgumentException("derivatives.yaml: " + s.name() + " reads the geometry of"
                                    + " the tensor list " + a.name());
                        }
                        geometries.add(a);
                    }
                }
                // in a formula, grad (and grads) is always the output's gradient, never an argument of that name
                if (uses(all, a.name()) && !a.name().equals("grad") && !a.name().equals("grads")) {
                    // a tensor list (Tensor[], Tensor?[]) is saved as a SavedVariable[], null elements kept
                    (tensor ? savedTensors : savedValues).add(a);
                }
            }
            listOutput = s.returns().size() == 1 && s.returns().get(0).type().isList();
            for (int i = 0; i < s.returns().size(); i++) {
                if (!s.returns().get(i).type().is(BaseTy.TENSOR) && !(listOutput && s.returns().get(i).type().isTensorLike())) {
                    throw new IllegalArgumentException("derivatives.yaml: " + s.name() + " must return Tensors only");
                }
                String returnName = s.returns().get(i).name();
                String name = s.returns().size() == 1 ? "result" : returnName != null ? returnName : "result" + i;
                outputNames.add(name);
                if (uses(all, name)) {
                    if (listOutput) {
                        throw new IllegalArgumentException("derivatives.yaml: the formulas of " + s.name() + " cannot read"
                                + " its Tensor[] result");
                    }
                    savedOutputs.add(i);
                }
            }
            usesInputMask = uses(all, "grad_input_mask");
            if (usesInputMask && inputs.stream().anyMatch(a -> a.type().isList())) {
                throw new IllegalArgumentException("derivatives.yaml: grad_input_mask of " + s.name()
                        + " cannot cover a tensor list input");
            }
        }

        boolean multiOutput() {
            return s.returns().size() > 1 || listOutput;
        }

        private static boolean uses(String formulas, String name) {
            return Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(formulas).find();
        }
    }

    private static TypeSpec node(String name, Plan p) {
        TypeSpec.Builder t = TypeSpec.classBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC, Modifier.FINAL)
                .superclass(NODE)
                .addJavadoc("Backward of {@code aten::$L} ($L).\n", p.s, p.d.location())
                .addMethod(MethodSpec.constructorBuilder()
                        .addParameter(com.palantir.javapoet.ArrayTypeName.of(EDGE), "nextEdges")
                        .addStatement("super(nextEdges)").build());
        for (Argument a : p.savedTensors) {
            t.addField(a.type().isList() ? com.palantir.javapoet.ArrayTypeName.of(SAVED) : SAVED, field(a.name()),
                    Modifier.PUBLIC);
        }
        for (Argument a : p.savedValues) {
            t.addField(ApiTypes.of(a.type()), field(a.name()), Modifier.PUBLIC);
        }
        for (Argument a : p.inputs) {
            t.addField(a.type().isList() ? long[][].class : long[].class, a.name() + "_sizes", Modifier.PUBLIC);
        }
        for (Argument a : p.geometries) {
            t.addField(SAVED_GEOMETRY, a.name() + "_geometry", Modifier.PUBLIC);
        }
        for (int i : p.savedOutputs) {
            t.addField(SAVED, field(p.outputNames.get(i)), Modifier.PUBLIC);
        }
        MethodSpec.Builder apply = MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(com.palantir.javapoet.ArrayTypeName.of(JavaNames.TENSOR))
                .addParameter(com.palantir.javapoet.ArrayTypeName.of(JavaNames.TENSOR), "grads")
                .addStatement("$T[] out = new $T[numNextEdges()]", JavaNames.TENSOR, JavaNames.TENSOR);
        if (p.multiOutput()) {
            // an output that received no gradient has a null entry, or none at the end of the buffer (a Tensor[]
            // result's formula knows how many outputs there were)
            if (!p.listOutput) {
                int n = p.s.returns().size();
                apply.beginControlFlow("if (grads.length < $L)", n)
                        .addStatement("grads = $T.copyOf(grads, $L)", java.util.Arrays.class, n)
                        .endControlFlow();
            }
            apply.beginControlFlow("if ($T.stream(grads).allMatch($T::isNull))", java.util.Arrays.class,
                            java.util.Objects.class)
                    .addStatement("return out")
                    .endControlFlow()
                    .addStatement("$T grad = grads[0]", JavaNames.TENSOR);
        } else {
            apply.addStatement("$T grad = grads[0]", JavaNames.TENSOR)
                    .beginControlFlow("if (grad == null)")
                    .addStatement("return out")
                    .endControlFlow();
        }
        for (Argument a : p.savedTensors) {
            if (a.type().isList()) {
                apply.addStatement("$T[] $N = $T.unpackList($N, this)", JavaNames.TENSOR, JavaNames.param(a.name()), SAVED,
                        field(a.name()));
            } else {
                apply.addStatement("$T $N = $N.unpack(this)", JavaNames.TENSOR, JavaNames.param(a.name()), field(a.name()));
            }
        }
        for (Argument a : p.savedValues) {
            apply.addStatement("$T $N = this.$N", ApiTypes.of(a.type()), JavaNames.param(a.name()), field(a.name()));
        }
        for (int i : p.savedOutputs) {
            String output = p.outputNames.get(i);
            apply.addStatement("$T $N = $N.unpack(this)", JavaNames.TENSOR, output, field(output));
        }
        if (p.usesInputMask) {
            List<CodeBlock> mask = new ArrayList<>();
            for (int i = 0; i < p.inputs.size(); i++) {
                mask.add(CodeBlock.of("nextEdge($L) != null", i));
            }
            apply.addStatement("boolean[] grad_input_mask = {$L}", CodeBlock.join(mask, ", "));
        }
        // a formula of several inputs runs once, when any of its inputs needs a gradient
        Map<String, String> jointResult = new HashMap<>();
        for (Map.Entry<String, String> f : p.d.formulas().entrySet()) {
            List<String> names = Derivative.inputsOf(f.getKey());
            if (names.size() > 1) {
                String local = "grads_" + String.join("_", names);
                List<CodeBlock> needed = new ArrayList<>();
                for (String input : names) {
                    needed.add(CodeBlock.of("nextEdge($L) != null", edgeIndexOf(p, input)));
                }
                apply.addStatement("$T[] $N = $L ? $L : null", JavaNames.TENSOR, local, CodeBlock.join(needed, " || "),
                        formulaCode(f.getValue()));
                for (int k = 0; k < names.size(); k++) {
                    jointResult.put(names.get(k), local + "[" + k + "]");
                }
            }
        }
        // the edges are the inputs in order, a tensor list contributing one edge per element
        apply.addStatement("int at = 0");
        for (Argument a : p.inputs) {
            String formula = p.d.formulas().get(a.name());
            String sizes = a.name() + "_sizes";
            if (a.type().isList()) {
                if (formula == null) {
                    apply.addStatement("at += $N.length", sizes);
                    continue;
                }
                apply.addStatement("$T[] $N = $L", JavaNames.TENSOR, "grad_" + a.name(), formulaCode(formula))
                        .beginControlFlow("for (int i = 0; i < $N.length; i++, at++)", sizes)
                        .beginControlFlow("if (nextEdge(at) != null)")
                        .addStatement("out[at] = $T.sumTo($N[i], $N[i])", FORMULAS, "grad_" + a.name(), sizes)
                        .endControlFlow()
                        .endControlFlow();
                continue;
            }
            String joint = jointResult.get(a.name());
            if (joint != null) {
                apply.beginControlFlow("if (nextEdge(at) != null && $L != null)", joint)
                        .addStatement("out[at] = $T.sumTo($L, $N)", FORMULAS, joint, sizes)
                        .endControlFlow();
            } else if (formula != null) {
                apply.beginControlFlow("if (nextEdge(at) != null)")
                        .addStatement("out[at] = $T.sumTo($L, $N)", FORMULAS, formulaCode(formula), sizes)
                        .endControlFlow();
            }
            apply.addStatement("at++");
        }
        apply.addStatement("return out");
        t.addMethod(apply.build());
        MethodSpec.Builder release = MethodSpec.methodBuilder("releaseVariables")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED);
        for (Argument a : p.savedTensors) {
            if (a.type().isList()) {
                release.addStatement("$T.resetList($N)", SAVED, field(a.name()));
            } else {
                release.addStatement("$N.reset()", field(a.name()));
            }
        }
        for (int i : p.savedOutputs) {
            release.addStatement("$N.reset()", field(p.outputNames.get(i)));
        }
        t.addMethod(release.build());
        return t.build();
    }

    private static MethodSpec kernel(String name, ClassName node, Plan p) {
        FunctionSchema s = p.s;
        TypeName ret = DispatcherSignature.returnType(s);
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(DispatchKeySet.class, "ks")
                .addParameters(DispatcherSignature.parameters(s))
                .returns(ret)
                .addJavadoc("{@code $L} for Autograd: records $T, then runs the operator below autograd.\n", s, node);
        List<CodeBlock> requires = new ArrayList<>();
        List<CodeBlock> edges = new ArrayList<>();
        for (Argument a : p.inputs) {
            requires.add(CodeBlock.of("$T.requiresGrad($N)", AUTOGRAD, JavaNames.param(a.name())));
            edges.add(CodeBlock.of("$N", JavaNames.param(a.name())));
        }
        boolean lists = p.inputs.stream().anyMatch(a -> a.type().isList());
        // an input with no formula is not differentiable: torchgen's check_no_requires_grad
        java.util.Set<String> covered = new java.util.HashSet<>();
        p.d.formulas().keySet().forEach(k -> covered.addAll(Derivative.inputsOf(k)));
        for (Argument a : p.inputs) {
            if (!covered.contains(a.name())) {
                m.addStatement("$T.checkNoRequiresGrad($N, $S, $S)", AUTOGRAD, JavaNames.param(a.name()), a.name(),
                        s.name().baseName());
            }
        }
        m.addStatement("$T node = null", node);
        // torchgen's output differentiability condition: _to_copy to an integer dtype records nothing
        CodeBlock condition = p.d.differentiabilityCondition() == null ? CodeBlock.of("")
                : CodeBlock.of(" && ($L)", p.d.differentiabilityCondition());
        m.beginControlFlow("if ($T.isEnabled() && ($L)$L)", GRAD_MODE, CodeBlock.join(requires, " || "), condition)
                .addStatement("node = new $T($T.$N($L))", node, AUTOGRAD, lists ? "edgesOf" : "collectNextEdges",
                        CodeBlock.join(edges, ", "));
        for (Argument a : p.savedTensors) {
            save(m, a);
        }
        saveSizesAndValues(m, p);
        m.endControlFlow();
        m.addStatement("$T result", ret);
        belowAutograd(m, CodeBlock.of("$L.invokeExact(ks.raw() & $T.AFTER_AUTOGRAD.raw(), $L)",
                JavaNames.redispatchHandle(s.name()), DispatchKeySet.class,
                DispatcherSignature.argumentNames(s.arguments())), ret);
        m.beginControlFlow("if (node != null)");
        // a view operator's result is a view of its input (the backend wrapper recorded it); any other result is not
        String history = isView(s) || isMultiView(s) ? "setViewHistory" : "setHistory";
        if (p.listOutput) {
            m.beginControlFlow("for (int i = 0; i < result.length; i++)")
                    .addStatement("$T.$N(result[i], node, i)", AUTOGRAD, history)
                    .endControlFlow();
        }
        for (int i = 0; i < s.returns().size() && !p.listOutput; i++) {
            if (p.d.isDifferentiable(i)) {
                m.addStatement("$T.$N($L, node, $L)", AUTOGRAD, history, output(p, i), i);
            }
        }
        for (int i : p.savedOutputs) {
            m.addStatement("node.$N = new $T($L, true)", field(p.outputNames.get(i)), SAVED, output(p, i));
        }
        if (isView(s)) {
            m.nextControlFlow("else").addStatement("$T.viewWithoutHistory(result)", AUTOGRAD);
        } else if (isMultiView(s)) {
            m.nextControlFlow("else").addStatement("$T.viewsWithoutHistory(result)", AUTOGRAD);
        }
        m.endControlFlow().addStatement("return result");
        return m.build();
    }

    /**
     * The Autograd kernel of an in-place operator: its node (an entry of its own, or its functional's), with the
     * original value of self saved (a copy made before the write) where the formulas read self. When the write is
     * recorded (grad mode is on, an argument requires grad and self is of a differentiable dtype), PyTorch's
     * check_inplace runs before anything is written, and after the write self's history is rebased onto the node:
     * self's old history becomes the node's input, or for a view, its base's history becomes a CopySlices node
     * over it. An in-place metadata operator ({@code inplace_view}: transpose_, squeeze_, ...) makes the node
     * self's grad_fn instead, also for a view, as PyTorch's set_history does.
     */
    private static MethodSpec inplaceKernel(String name, FunctionSchema inplace, ClassName node, Plan p,
            boolean inplaceView) {
        TypeName ret = DispatcherSignature.returnType(inplace);
        MethodSpec.Builder m = MethodSpec.methodBuilder(name)
                .addModifiers(Modifier.PUBLIC, Modifier.STATIC)
                .addParameter(DispatchKeySet.class, "ks")
                .addParameters(DispatcherSignature.parameters(inplace))
                .returns(ret)
                .addJavadoc("{@code $L} for Autograd: records $T over self's history, then writes self below autograd.\n",
                        inplace, node);
        List<CodeBlock> requires = new ArrayList<>();
        List<CodeBlock> edges = new ArrayList<>();
        java.util.Set<String> covered = new java.util.HashSet<>();
        p.d.formulas().keySet().forEach(k -> covered.addAll(Derivative.inputsOf(k)));
        for (Argument a : p.inputs) {
            requires.add(CodeBlock.of("$T.requiresGrad($N)", AUTOGRAD, JavaNames.param(a.name())));
            edges.add(CodeBlock.of("$N", JavaNames.param(a.name())));
            if (!covered.contains(a.name())) {
                m.addStatement("$T.checkNoRequiresGrad($N, $S, $S)", AUTOGRAD, JavaNames.param(a.name()), a.name(),
                        inplace.name().baseName());
            }
        }
        boolean lists = p.inputs.stream().anyMatch(a -> a.type().isList());
        m.addStatement("$T node = null", node);
        m.beginControlFlow("if ($T.isEnabled() && ($L) && self.dtype().isFloatingPoint())", GRAD_MODE,
                        CodeBlock.join(requires, " || "))
                .addStatement("$T.checkInplace(self)", AUTOGRAD)
                .addStatement("node = new $T($T.$N($L))", node, AUTOGRAD, lists ? "edgesOf" : "collectNextEdges",
                        CodeBlock.join(edges, ", "));
        for (Argument a : p.savedTensors) {
            if (a.name().equals("self")) {
                m.addStatement("node.$N = new $T($T.originalValue(self), false)", field(a.name()), SAVED, AUTOGRAD);
            } else {
                save(m, a);
            }
        }
        saveSizesAndValues(m, p);
        m.endControlFlow();
        m.addStatement("$T result", ret);
        belowAutograd(m, CodeBlock.of("$L.invokeExact(ks.raw() & $T.AFTER_AUTOGRAD.raw(), $L)",
                JavaNames.redispatchHandle(inplace.name()), DispatchKeySet.class,
                DispatcherSignature.argumentNames(inplace.arguments())), ret);
        m.beginControlFlow("if (node != null)")
                .addStatement("$T.$N(self, node)", AUTOGRAD, inplaceView ? "setInplaceViewHistory" : "rebaseHistory");
        for (int i : p.savedOutputs) {
            m.addStatement("node.$N = new $T(self, true)", field(p.outputNames.get(i)), SAVED);
        }
        m.endControlFlow().addStatement("return result");
        return m.build();
    }

    /** Saves the non-tensor arguments the formulas read, each input's sizes, and the geometries formulas read. */
    private static void saveSizesAndValues(MethodSpec.Builder m, Plan p) {
        for (Argument a : p.savedValues) {
            m.addStatement("node.$N = $N", field(a.name()), JavaNames.param(a.name()));
        }
        for (Argument a : p.inputs) {
            m.addStatement("node.$N = $T.sizesOf($N)", a.name() + "_sizes", AUTOGRAD, JavaNames.param(a.name()));
        }
        for (Argument a : p.geometries) {
            m.addStatement("node.$N = $T.of($N)", a.name() + "_geometry", SAVED_GEOMETRY, JavaNames.param(a.name()));
        }
    }

    /** Saves an input tensor, or a tensor list element by element, on the node. */
    private static void save(MethodSpec.Builder m, Argument a) {
        if (a.type().isList()) {
            m.addStatement("node.$N = $T.saveList($N)", field(a.name()), SAVED, JavaNames.param(a.name()));
        } else {
            m.addStatement("node.$N = new $T($N, false)", field(a.name()), SAVED, JavaNames.param(a.name()));
        }
    }

    /**
     * The redispatch below autograd. When a node was recorded, it runs with gradients disabled, as PyTorch's
     * kernels run below autograd with its keys excluded: a composite kernel's inner calls then record no
     * history of their own, and its out= calls are not taken for user calls that need gradients.
     */
    private static void belowAutograd(MethodSpec.Builder m, CodeBlock invoke, TypeName ret) {
        m.beginControlFlow("if (node == null)");
        HandleCalls.assigning(m, "result", invoke, ret);
        m.nextControlFlow("else")
                .addStatement("boolean[] gradMode = $T.enterBelowAutograd()", GRAD_MODE)
                .beginControlFlow("try");
        HandleCalls.assigning(m, "result", invoke, ret);
        m.nextControlFlow("finally")
                .addStatement("$T.exitBelowAutograd(gradMode)", GRAD_MODE)
                .endControlFlow()
                .endControlFlow();
    }

    /** A view operator: its one result aliases its first argument without writing it ({@code Tensor(a)}). */
    static boolean isView(FunctionSchema s) {
        return s.returns().size() == 1 && !s.returns().get(0).type().isList() && s.returns().get(0).annotation() != null
                && !s.returns().get(0).isWrite();
    }

    /** An operator that returns several views of its first argument ({@code Tensor(a)[]}: unbind, split). */
    static boolean isMultiView(FunctionSchema s) {
        return s.returns().size() == 1 && s.returns().get(0).type().isList() && s.returns().get(0).annotation() != null
                && !s.returns().get(0).isWrite();
    }

    /**
     * The differentiable view operators (a view schema and a derivative): their kernel wrappers record the
     * view's base on every backend, as PyTorch's ADInplaceOrView kernels do. (detach, a view without a
     * derivative, makes a tensor that only shares the version counter.)
     */
    public static Set<OperatorName> differentiableViews(List<Derivative> derivatives) {
        Set<OperatorName> out = new HashSet<>();
        for (Derivative d : derivatives) {
            if (isView(d.schema()) || isMultiView(d.schema())) {
                out.add(d.schema().name());
            }
        }
        return out;
    }

    /** Output {@code i} of the kernel's {@code result}: the tensor itself, or an element of the array. */
    private static CodeBlock output(Plan p, int i) {
        return p.multiOutput() ? CodeBlock.of("result[$L]", i) : CodeBlock.of("result");
    }

    /** The edge of a (non-list) input: its position among the tensor inputs. */
    private static int edgeIndexOf(Plan p, String input) {
        for (int i = 0; i < p.inputs.size(); i++) {
            if (p.inputs.get(i).name().equals(input)) {
                return i;
            }
        }
        throw new IllegalArgumentException(input + " is not a tensor input of " + p.s.name());
    }

    /** Classes formulas may name, imported in the generated file. */
    private static final Map<String, ClassName> FORMULA_CLASSES = Map.of(
            "Torch", JavaNames.TORCH,
            "Tensor", JavaNames.TENSOR,
            "Scalar", ClassName.get("org.jitdispatch.runtime", "Scalar"),
            "Formulas", FORMULAS);
    private static final Pattern CLASS_REFERENCE = Pattern.compile("\\b(Torch|Tensor|Scalar|Formulas)\\.");

    /** A formula as code, its class references turned into imports. */
    private static CodeBlock formulaCode(String formula) {
        CodeBlock.Builder b = CodeBlock.builder();
        java.util.regex.Matcher m = CLASS_REFERENCE.matcher(formula);
        int last = 0;
        while (m.find()) {
            b.add(formula.substring(last, m.start()).replace("$", "$$"));
            b.add("$T.", FORMULA_CLASSES.get(m.group(1)));
            last = m.end();
        }
        b.add(formula.substring(last).replace("$", "$$"));
        return b.build();
    }

    private static String field(String argName) {
        return argName + "_";
    }

    /** {@code add} -&gt; {@code Add}, {@code _add_relu} -&gt; {@code AddRelu}. */
    private static String camel(String name) {
        StringBuilder sb = new StringBuilder();
        for (String part : name.split("_")) {
            if (!part.isEmpty()) {
                sb.append(part.substring(0, 1).toUpperCase(Locale.ROOT)).append(part.substring(1));
            }
        }
        return sb.toString();
    }
}
