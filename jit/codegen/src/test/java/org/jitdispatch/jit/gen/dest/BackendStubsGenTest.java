package org.jitdispatch.jit.gen.dest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ParserConfiguration;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.palantir.javapoet.JavaFile;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jitdispatch.jit.model.BackendYaml;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.model.OpsYamlException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The sources {@link BackendStubsGen} writes for a backend YAML, read back with JavaParser: the
 * declarations interface (one abstract method per listed operator, with the dispatcher signature), and the
 * registration class (a wrapper per listed operator, in-place and out= wrappers derived from the primary
 * kind for the variants the YAML does not list, autograd operators on the backend's Autograd key, the
 * boxed CPU fallback), and the error for two listed operators that need the same Java method. The
 * operator libraries are {@code ops-yaml/good/ops.yaml} and {@code backend-yaml/ops/overloads.yaml}.
 */
class BackendStubsGenTest {
    private static OpsYaml ops;
    private static OpsYaml overloads;

    @BeforeAll
    static void readOperatorLibraries() throws URISyntaxException {
        ops = OpsYaml.read(resource("/ops-yaml/good/ops.yaml"));
        overloads = OpsYaml.read(resource("/backend-yaml/ops/overloads.yaml"));
    }

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(BackendStubsGenTest.class.getResource(name).toURI());
    }

    /** The two generated files of a backend YAML, parsed. */
    private record Generated(CompilationUnit declarations, CompilationUnit register, List<JavaFile> files) {
        ClassOrInterfaceDeclaration declarationsType() {
            return (ClassOrInterfaceDeclaration) declarations.getType(0);
        }

        ClassOrInterfaceDeclaration registerType() {
            return (ClassOrInterfaceDeclaration) register.getType(0);
        }

        /** The static wrapper methods of the registration class, by name, in source order. */
        Map<String, MethodDeclaration> wrappers() {
            Map<String, MethodDeclaration> out = new LinkedHashMap<>();
            for (MethodDeclaration m : registerType().getMethods()) {
                if (m.getNameAsString().startsWith("wrapper_")) {
                    assertEquals(null, out.put(m.getNameAsString(), m), "one method per wrapper name");
                }
            }
            return out;
        }

        /** The body of a wrapper, as one line. */
        String body(String wrapper) {
            MethodDeclaration m = wrappers().get(wrapper);
            assertTrue(m != null, "no wrapper " + wrapper + " among " + wrappers().keySet());
            return m.getBody().orElseThrow().getStatements().stream().map(Object::toString)
                    .collect(Collectors.joining(" "));
        }

        /** {@code operator -> "backend wrapper_Lazy_add_Tensor"}: the Library and wrapper each operator is registered with. */
        Map<String, String> registrations() {
            MethodDeclaration register = registerType().getMethodsByName("register").get(0);
            Map<String, String> out = new LinkedHashMap<>();
            for (MethodCallExpr call : register.findAll(MethodCallExpr.class)) {
                if (call.getNameAsString().equals("impl")) {
                    String op = call.getArgument(0).asStringLiteralExpr().asString();
                    MethodCallExpr findStatic = call.getArgument(1).asMethodCallExpr();
                    String wrapper = findStatic.getArgument(1).asStringLiteralExpr().asString();
                    String library = call.getScope().orElseThrow().toString();
                    assertEquals(null, out.put(op, library + " " + wrapper), op + " is registered once");
                }
            }
            return out;
        }
    }

    private static Generated generate(String yaml) {
        return generate(yaml, ops);
    }

    private static Generated generate(String yaml, OpsYaml library) {
        BackendYaml backend = BackendYaml.parse("lazy_native_functions.yaml", yaml, library);
        List<JavaFile> files = new BackendStubsGen(backend, library).files();
        assertEquals(2, files.size());
        return new Generated(parse(files.get(0)), parse(files.get(1)), files);
    }

    private static CompilationUnit parse(JavaFile file) {
        ParseResult<CompilationUnit> result = new JavaParser(new ParserConfiguration()
                .setLanguageLevel(ParserConfiguration.LanguageLevel.JAVA_17)).parse(file.toString());
        assertTrue(result.isSuccessful(), () -> "the generated " + file.typeSpec().name() + " does not parse: "
                + result.getProblems() + "\n" + file);
        return result.getResult().orElseThrow();
    }

    private static List<String> signatures(ClassOrInterfaceDeclaration type) {
        List<String> out = new ArrayList<>();
        for (MethodDeclaration m : type.getMethods()) {
            out.add(m.getDeclarationAsString(false, false, true));
        }
        return out;
    }

    private static final String LAZY = "backend: Lazy\njava_package: org.example.lazy\n";

    @Test
    void theDeclarationsHaveOneAbstractMethodPerListedOperatorWithTheDispatcherSignature() {
        Generated g = generate(LAZY + "supported: [add.Tensor, add_.Tensor, add.out, abs, expand_as]\nautograd: [relu]\n");

        ClassOrInterfaceDeclaration decls = g.declarationsType();
        assertTrue(decls.isInterface());
        assertTrue(decls.isPublic());
        assertEquals("LazyNativeFunctionsDeclarations", decls.getNameAsString());
        assertEquals("org.example.lazy", g.declarations().getPackageDeclaration().orElseThrow().getNameAsString());
        assertEquals(List.of(
                "Tensor add(Tensor self, Tensor other, Scalar alpha)",
                "Tensor add_(Tensor self, Tensor other, Scalar alpha)",
                "Tensor add_out(Tensor self, Tensor other, Scalar alpha, Tensor out)",
                "Tensor abs(Tensor self)",
                "Tensor expand_as(Tensor self, Tensor other)",
                "Tensor relu(Tensor self)"), signatures(decls));
        decls.getMethods().forEach(m -> assertTrue(m.getBody().isEmpty(), m + " has no body"));
        List<String> imports = g.declarations().getImports().stream().map(i -> i.getNameAsString()).toList();
        assertTrue(imports.containsAll(List.of("org.jitdispatch.Tensor", "org.jitdispatch.runtime.Scalar")), imports.toString());
    }

    @Test
    void derivedVariantsAreNotDeclared() {
        Generated g = generate(LAZY + "supported: [add.Tensor]\n");

        assertEquals(List.of("Tensor add(Tensor self, Tensor other, Scalar alpha)"), signatures(g.declarationsType()));
    }

    @Test
    void aJavaKeywordAsAnArgumentNameGetsAnUnderscore() {
        Generated g = generate(LAZY + "supported: [clamp_to]\n", overloads);

        assertEquals(List.of("Tensor clamp_to(Tensor self, Scalar default_)"), signatures(g.declarationsType()));
        assertEquals("return BackendWrappers.copyIntoSelf(\"aten::clamp_to_\", self, KERNELS.clamp_to(self, default_));",
                g.body("wrapper_Lazy_clamp_to_"));
    }

    @Test
    void aFunctionalKernelGetsInplaceAndOutWrappersThatCopyItsResult() {
        Generated g = generate(LAZY + "supported: [add.Tensor]\n");

        assertEquals(List.of("wrapper_Lazy_add_Tensor", "wrapper_Lazy_add__Tensor", "wrapper_Lazy_add_out"),
                List.copyOf(g.wrappers().keySet()));
        assertEquals("return KERNELS.add(self, other, alpha);", g.body("wrapper_Lazy_add_Tensor"));
        assertEquals("return BackendWrappers.copyIntoSelf(\"aten::add_.Tensor\", self, KERNELS.add(self, other, alpha));",
                g.body("wrapper_Lazy_add__Tensor"));
        assertEquals("return BackendWrappers.copyIntoOut(out, KERNELS.add(self, other, alpha));",
                g.body("wrapper_Lazy_add_out"));
        assertEquals(Map.of(
                "add.Tensor", "backend wrapper_Lazy_add_Tensor",
                "add_.Tensor", "backend wrapper_Lazy_add__Tensor",
                "add.out", "backend wrapper_Lazy_add_out"), g.registrations());
        assertEquals(List.of("Tensor wrapper_Lazy_add__Tensor(Tensor self, Tensor other, Scalar alpha)",
                        "Tensor wrapper_Lazy_add_out(Tensor self, Tensor other, Scalar alpha, Tensor out)"),
                signatures(g.registerType()).stream().filter(s -> s.contains("add__Tensor") || s.contains("add_out")).toList());
    }

    @Test
    void anOutKernelIsPrimaryWithUseOutAsPrimary() {
        Generated g = generate(LAZY + "supported: [add.out]\nuse_out_as_primary: True\n");

        assertEquals(List.of("Tensor add_out(Tensor self, Tensor other, Scalar alpha, Tensor out)"),
                signatures(g.declarationsType()));
        assertEquals(List.of("wrapper_Lazy_add_out", "wrapper_Lazy_add_Tensor", "wrapper_Lazy_add__Tensor"),
                List.copyOf(g.wrappers().keySet()));
        assertEquals("return KERNELS.add_out(self, other, alpha, out);", g.body("wrapper_Lazy_add_out"));
        assertEquals("Tensor out = BackendWrappers.newOutput(self); return KERNELS.add_out(self, other, alpha, out);",
                g.body("wrapper_Lazy_add_Tensor"));
        assertEquals("Tensor out = self; return KERNELS.add_out(self, other, alpha, out);",
                g.body("wrapper_Lazy_add__Tensor"));
        assertEquals(3, g.registrations().size());
    }

    @Test
    void onlyThePrimaryKindDerivesOtherVariants() {
        Generated outWithoutFlag = generate(LAZY + "supported: [add.out]\n");
        Generated functionalWithFlag = generate(LAZY + "supported: [add.Tensor]\nuse_out_as_primary: true\n");

        assertEquals(List.of("wrapper_Lazy_add_out"), List.copyOf(outWithoutFlag.wrappers().keySet()));
        assertEquals(List.of("wrapper_Lazy_add_Tensor"), List.copyOf(functionalWithFlag.wrappers().keySet()));
    }

    @Test
    void listedVariantsCallTheirOwnKernelsAndAreNotDerived() {
        Generated g = generate(LAZY + "supported: [add.Tensor, add_.Tensor]\n");

        // each listed operator, after its own wrapper the variants derived from it
        assertEquals(List.of("wrapper_Lazy_add_Tensor", "wrapper_Lazy_add_out", "wrapper_Lazy_add__Tensor"),
                List.copyOf(g.wrappers().keySet()));
        assertEquals("return KERNELS.add_(self, other, alpha);", g.body("wrapper_Lazy_add__Tensor"));
        assertEquals("return BackendWrappers.copyIntoOut(out, KERNELS.add(self, other, alpha));",
                g.body("wrapper_Lazy_add_out"));
    }

    @Test
    void whenEveryVariantIsListedNothingIsDerived() {
        Generated g = generate(LAZY + "supported: [add.out, add.Tensor, add_.Tensor]\n");

        assertEquals(3, g.wrappers().size());
        g.wrappers().keySet().forEach(w -> assertFalse(g.body(w).contains("BackendWrappers"), g.body(w)));
        assertFalse(g.register().getImports().stream().anyMatch(i -> i.getNameAsString().endsWith("BackendWrappers")));
    }

    @Test
    void aFactorysOutVariantIsLeftToTheFallback() {
        Generated g = generate(LAZY + "supported: [ones]\n", overloads);

        assertEquals(List.of("wrapper_Lazy_ones"), List.copyOf(g.wrappers().keySet()));
        assertEquals(List.of("Tensor ones(long[] size, ScalarType dtype, Layout layout, Device device, Boolean pin_memory)"),
                signatures(g.declarationsType()));
    }

    @Test
    void autogradOperatorsAreRegisteredOnTheAutogradKeyWithTheirDerivedVariants() {
        Generated g = generate(LAZY + "supported: [abs]\nautograd: [add.Tensor, relu]\n");

        assertEquals(Map.of(
                "abs", "backend wrapper_Lazy_abs",
                "abs.out", "backend wrapper_Lazy_abs_out",
                "add.Tensor", "autograd wrapper_AutogradLazy_add_Tensor",
                "add_.Tensor", "autograd wrapper_AutogradLazy_add__Tensor",
                "add.out", "autograd wrapper_AutogradLazy_add_out",
                "relu", "autograd wrapper_AutogradLazy_relu"), g.registrations());
        String register = g.registerType().getMethodsByName("register").get(0).getBody().orElseThrow().toString();
        assertTrue(register.contains("Library backend = dispatcher.libraryImpl(\"aten\", DispatchKey.Lazy);"), register);
        assertTrue(register.contains("Library autograd = dispatcher.libraryImpl(\"aten\", DispatchKey.AutogradLazy);"), register);
        assertEquals("return KERNELS.relu(self);", g.body("wrapper_AutogradLazy_relu"));
    }

    @Test
    void theRegisterMethodInstallsTheCpuFallbackForTheBackendKeyAndUndoesEverything() {
        Generated lazy = generate(LAZY + "supported: [abs]\n");
        Generated privateUse1 = generate("backend: PrivateUse1\njava_package: org.example.p1\nclass_name: P1Kernels\n"
                + "supported: [abs]\n");

        MethodDeclaration register = lazy.registerType().getMethodsByName("register").get(0);
        assertEquals("RegistrationHandle register(Dispatcher dispatcher) throws ReflectiveOperationException",
                register.getDeclarationAsString(false, true, true));
        assertTrue(register.isPublic() && register.isStatic());
        String body = register.getBody().orElseThrow().toString();
        assertTrue(body.contains("RegistrationHandle fallback = CpuFallback.register(dispatcher, DispatchKey.Lazy);"), body);
        assertTrue(body.contains("fallback.close();") && body.contains("autograd.close();") && body.contains("backend.close();"),
                body);
        String p1 = privateUse1.registerType().getMethodsByName("register").get(0).getBody().orElseThrow().toString();
        assertTrue(p1.contains("CpuFallback.register(dispatcher, DispatchKey.PrivateUse1)"), p1);
        assertEquals("RegisterPrivateUse1", privateUse1.registerType().getNameAsString());
        assertEquals("P1KernelsDeclarations", privateUse1.declarationsType().getNameAsString());
        List<String> imports = lazy.register().getImports().stream().map(i -> i.getNameAsString()).toList();
        assertTrue(imports.contains("org.jitdispatch.kernels.backend.CpuFallback"), imports.toString());
    }

    @Test
    void theRegisterClassHoldsOneInstanceOfTheKernelClass() {
        Generated g = generate(LAZY + "class_name: LazyKernels\nsupported: [abs]\n");

        ClassOrInterfaceDeclaration register = g.registerType();
        assertEquals("RegisterLazy", register.getNameAsString());
        assertTrue(register.isFinal());
        assertEquals("private static final LazyKernels KERNELS = new LazyKernels();",
                register.getFieldByName("KERNELS").orElseThrow().toString().lines()
                        .filter(l -> !l.isBlank() && !l.trim().startsWith("*") && !l.trim().startsWith("/*"))
                        .collect(Collectors.joining()).trim());
        register.getConstructors().forEach(c -> assertTrue(c.isPrivate()));
    }

    @Test
    void everyWrapperIsRegisteredWithAMethodTypeOfItsParameters() {
        Generated g = generate(LAZY + "supported: [add.Tensor, abs, expand_as]\nautograd: [relu]\n");

        Map<String, MethodDeclaration> wrappers = g.wrappers();
        MethodDeclaration register = g.registerType().getMethodsByName("register").get(0);
        List<String> registered = new ArrayList<>();
        for (MethodCallExpr findStatic : register.findAll(MethodCallExpr.class, c -> c.getNameAsString().equals("findStatic"))) {
            assertEquals("RegisterLazy.class", findStatic.getArgument(0).toString());
            String name = findStatic.getArgument(1).asStringLiteralExpr().asString();
            registered.add(name);
            MethodDeclaration wrapper = wrappers.get(name);
            assertTrue(wrapper != null, name);
            assertTrue(wrapper.isPublic() && wrapper.isStatic(), name);
            String expected = "MethodType.methodType(" + wrapper.getType() + ".class"
                    + wrapper.getParameters().stream().map(p -> ", " + p.getType() + ".class").collect(Collectors.joining())
                    + ")";
            assertEquals(expected, findStatic.getArgument(2).toString(), name);
        }
        assertEquals(List.copyOf(wrappers.keySet()), registered);
    }

    @Test
    void wrappersNameTheOperatorAndKeyInTheirJavadoc() {
        Generated g = generate(LAZY + "supported: [add.Tensor]\n");

        String javadoc = g.wrappers().get("wrapper_Lazy_add__Tensor").getJavadoc().orElseThrow().toText();
        assertTrue(javadoc.contains("add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> Tensor(a!)"), javadoc);
        assertTrue(javadoc.contains("for Lazy"), javadoc);
    }

    @Test
    void anEmptySupportedListStillRegistersTheFallback() {
        Generated g = generate("backend: Lazy\njava_package: org.example.lazy\nsupported:\n");

        assertTrue(g.declarationsType().getMethods().isEmpty());
        assertTrue(g.wrappers().isEmpty());
        assertTrue(g.registrations().isEmpty());
        assertTrue(g.registerType().getMethodsByName("register").get(0).toString().contains("CpuFallback.register"));
    }

    @Test
    void theExpectedMethodsDescribeWhatTheKernelClassMustDeclare() {
        BackendYaml backend = BackendYaml.parse("lazy.yaml", LAZY + "supported: [add.Tensor, abs.out]\nautograd: [relu]\n", ops);
        BackendStubsGen gen = new BackendStubsGen(backend, ops);

        assertEquals(List.of(
                        "public Tensor add(Tensor self, Tensor other, Scalar alpha)",
                        "public Tensor abs_out(Tensor self, Tensor out)",
                        "public Tensor relu(Tensor self)"),
                gen.expectedMethods().values().stream().map(BackendStubsGen::describe).toList());
        assertEquals("org.example.lazy.LazyNativeFunctions", gen.kernelClass().canonicalName());
    }

    @Test
    void twoOperatorsNeedingTheSameJavaMethodAreAnErrorNamingBoth() {
        BackendYaml backend = BackendYaml.parse("lazy.yaml",
                LAZY + "supported:\n  - add_to.required\n  - add_to.optional\n", overloads);

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> new BackendStubsGen(backend, overloads));

        assertEquals("lazy.yaml:5: add_to.optional needs the method public Tensor add_to(Tensor self, Tensor other) in"
                + " LazyNativeFunctions, as does add_to.required (line 4); Java cannot tell the two apart, so the backend"
                + " can implement only one of them", e.getMessage());
    }

    @Test
    void theSimpleNameOfATypeDropsEveryPackage() {
        assertEquals("Tensor", BackendStubsGen.simpleName("org.jitdispatch.Tensor"));
        assertEquals("Tensor[]", BackendStubsGen.simpleName("org.jitdispatch.Tensor[]"));
        assertEquals("List<Tensor>", BackendStubsGen.simpleName("java.util.List<org.jitdispatch.Tensor>"));
        assertEquals("long[]", BackendStubsGen.simpleName("long[]"));
    }
}
