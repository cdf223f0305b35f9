package org.jitdispatch.jit.gen;

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
import org.jitdispatch.jit.model.Derivative;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.dispatch.DispatchKeySet;
import org.jitdispatch.runtime.dispatch.Dispatcher;
import org.jitdispatch.runtime.dispatch.Library;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;

/**
 * Autograd from derivatives.yaml (PyTorch's Functions.cpp and VariableType.cpp): one backward
 * {@code Node} per differentiable operator, saving what its formulas read, and one kernel for the
 * Autograd key that records the node, redispatches below autograd and attaches the node to the result.
 * Every input gradient is summed back to its input's size, which undoes broadcasting.
 */
final class AutogradGen {
    static final ClassName FUNCTIONS = ClassName.get(JavaNames.GENERATED_PACKAGE, "AutogradFunctions");
    static final ClassName REGISTER = ClassName.get(JavaNames.GENERATED_PACKAGE, "RegisterAutograd");
    private static final ClassName NODE = ClassName.get("org.jitdispatch.autograd", "Node");
    private static final ClassName EDGE = ClassName.get("org.jitdispatch.autograd", "Edge");
    private static final ClassName SAVED = ClassName.get("org.jitdispatch.autograd", "SavedVariable");
    private static final ClassName AUTOGRAD = ClassName.get("org.jitdispatch.autograd", "Autograd");
    private static final ClassName GRAD_MODE = ClassName.get("org.jitdispatch.autograd", "GradMode");
    private static final ClassName FORMULAS = ClassName.get("org.jitdispatch.autograd", "Formulas");

    private AutogradGen() {
    }

    static List<JavaFile> generate(List<Derivative> derivatives) {
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
            register.addMethod(kernel(wrapper, FUNCTIONS.nestedClass(nodeName), plan));
            registration.addStatement("lib.impl($S, lookup.findStatic($T.class, $S, $L.insertParameterTypes(0, $T.class)))",
                    s.name().toString(), REGISTER, wrapper, DispatcherSignature.methodType(s), DispatchKeySet.class);
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
        final boolean savesResult;

        Plan(Derivative d) {
            this.d = d;
            this.s = d.schema();
            String all = String.join(" ", d.formulas().values());
            for (Argument a : s.arguments()) {
                boolean tensor = a.type().isTensorLike();
                if (tensor) {
                    inputs.add(a);
                }
                if (uses(all, a.name())) {
                    if (tensor && a.type().isList()) {
                        throw new IllegalArgumentException("derivatives.yaml: formulas of " + s.name() + " read the"
                                + " tensor list '" + a.name() + "'; only its sizes (" + a.name() + "_sizes) can be used");
                    }
                    (tensor ? savedTensors : savedValues).add(a);
                }
            }
            savesResult = uses(all, "result");
            if (s.returns().size() != 1 || !s.returns().get(0).type().isTensorLike()) {
                throw new IllegalArgumentException("derivatives.yaml: " + s.name()
                        + " must return one Tensor (several outputs are not supported yet)");
            }
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
            t.addField(SAVED, field(a.name()), Modifier.PUBLIC);
        }
        for (Argument a : p.savedValues) {
            t.addField(ApiTypes.of(a.type()), field(a.name()), Modifier.PUBLIC);
        }
        for (Argument a : p.inputs) {
            t.addField(a.type().isList() ? long[][].class : long[].class, a.name() + "_sizes", Modifier.PUBLIC);
        }
        if (p.savesResult) {
            t.addField(SAVED, "result_", Modifier.PUBLIC);
        }
        MethodSpec.Builder apply = MethodSpec.methodBuilder("apply")
                .addAnnotation(Override.class)
                .addModifiers(Modifier.PROTECTED)
                .returns(com.palantir.javapoet.ArrayTypeName.of(JavaNames.TENSOR))
                .addParameter(com.palantir.javapoet.ArrayTypeName.of(JavaNames.TENSOR), "grads")
                .addStatement("$T grad = grads[0]", JavaNames.TENSOR)
                .addStatement("$T[] out = new $T[numNextEdges()]", JavaNames.TENSOR, JavaNames.TENSOR)
                .beginControlFlow("if (grad == null)")
                .addStatement("return out")
                .endControlFlow();
        for (Argument a : p.savedTensors) {
            apply.addStatement("$T $N = $N.unpack(this)", JavaNames.TENSOR, JavaNames.param(a.name()), field(a.name()));
        }
        for (Argument a : p.savedValues) {
            apply.addStatement("$T $N = this.$N", ApiTypes.of(a.type()), JavaNames.param(a.name()), field(a.name()));
        }
        if (p.savesResult) {
            apply.addStatement("$T result = result_.unpack(this)", JavaNames.TENSOR);
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
            if (formula != null) {
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
            release.addStatement("$N.reset()", field(a.name()));
        }
        if (p.savesResult) {
            release.addStatement("result_.reset()");
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
        m.addStatement("$T node = null", node);
        m.beginControlFlow("if ($T.isEnabled() && ($L))", GRAD_MODE, CodeBlock.join(requires, " || "))
                .addStatement("node = new $T($T.$N($L))", node, AUTOGRAD, lists ? "edgesOf" : "collectNextEdges",
                        CodeBlock.join(edges, ", "));
        for (Argument a : p.savedTensors) {
            m.addStatement("node.$N = new $T($N, false)", field(a.name()), SAVED, JavaNames.param(a.name()));
        }
        for (Argument a : p.savedValues) {
            m.addStatement("node.$N = $N", field(a.name()), JavaNames.param(a.name()));
        }
        for (Argument a : p.inputs) {
            m.addStatement("node.$N = $T.sizesOf($N)", a.name() + "_sizes", AUTOGRAD, JavaNames.param(a.name()));
        }
        m.endControlFlow();
        m.addStatement("$T result", ret);
        HandleCalls.assigning(m, "result", CodeBlock.of("$T.$N.invokeExact(ks.raw() & $T.AFTER_AUTOGRAD.raw(), $L)",
                JavaNames.OPS, JavaNames.redispatchField(s.name()), DispatchKeySet.class,
                DispatcherSignature.argumentNames(s.arguments())), ret);
        m.beginControlFlow("if (node != null)")
                .addStatement("$T.setHistory(result, node, 0)", AUTOGRAD);
        if (p.savesResult) {
            m.addStatement("node.result_ = new $T(result, true)", SAVED);
        }
        m.endControlFlow().addStatement("return result");
        return m.build();
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
