package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.OperatorName;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** What the model makes of the valid fixture {@code ops-yaml/good/ops.yaml}. */
class OpsYamlTest {
    private static OpsYaml ops;

    @BeforeAll
    static void load() throws IOException {
        try (InputStream in = OpsYamlTest.class.getResourceAsStream("/ops-yaml/good/ops.yaml")) {
            ops = OpsYaml.parse("ops.yaml", new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    private static NativeFunction fn(String name) {
        return ops.function(OperatorName.parse(name)).orElseThrow(() -> new AssertionError("no " + name));
    }

    @Test
    void keepsEveryEntryInFileOrderWithItsLocation() {
        assertEquals(List.of("add.Tensor", "add_.Tensor", "add.out", "abs.out", "abs", "flatten.using_ints",
                "matmul.out", "hardtanh_", "expand_as", "relu", "myops::custom"),
                ops.functions().stream().map(f -> f.name().toString()).toList());
        assertEquals(new Location("ops.yaml", 5), fn("add.Tensor").location());
        assertEquals(new Location("ops.yaml", 61), fn("myops::custom").location());
        assertEquals("ops.yaml", ops.file());
    }

    @Test
    void looksUpByExactOperatorName() {
        assertSame(ops.functions().get(2), fn("add.out"));
        assertEquals(Optional.empty(), ops.function(OperatorName.parse("add")));
        assertEquals(Optional.empty(), ops.function(OperatorName.parse("custom")), "the namespace is part of the name");
    }

    @Test
    void structuredGroupWithInplaceAndInherits() {
        StructuredGroup add = ops.structuredGroups().get(0);
        assertSame(fn("add.Tensor"), add.functional());
        assertEquals(Optional.of(fn("add_.Tensor")), add.inplace());
        assertSame(fn("add.out"), add.out());
        assertEquals(Optional.of("TensorIteratorBase"), add.structuredInherits());
        assertEquals(OperatorName.parse("add.out"), add.name());
        assertEquals(List.of(fn("add.Tensor"), fn("add.out"), fn("add_.Tensor")), add.functions());
        for (String member : List.of("add.Tensor", "add_.Tensor", "add.out")) {
            assertEquals(Optional.of(add), ops.structuredGroup(OperatorName.parse(member)));
        }
    }

    @Test
    void structuredGroupWithoutInplace() {
        assertEquals(2, ops.structuredGroups().size());
        StructuredGroup abs = ops.structuredGroups().get(1);
        assertSame(fn("abs"), abs.functional());
        assertEquals(Optional.empty(), abs.inplace());
        assertSame(fn("abs.out"), abs.out());
        assertEquals(Optional.empty(), abs.structuredInherits());
        assertEquals(Optional.empty(), ops.structuredGroup(OperatorName.parse("relu")));
    }

    @Test
    void structuredEntries() {
        NativeFunction out = fn("add.out");
        assertTrue(out.isStructured());
        assertTrue(out.isPartOfStructuredGroup());
        assertEquals(Optional.empty(), out.structuredDelegate());
        assertEquals(DeviceCheckType.NoCheck, out.deviceCheck());
        assertEquals(List.of(DispatchKey.CPU, DispatchKey.Lazy), List.copyOf(out.dispatch().keySet()));
        assertEquals(KernelRef.inDefaultClass("add_out"), out.dispatch().get(DispatchKey.CPU));
        assertEquals(new KernelRef("LazyKernels", "add_out"), out.dispatch().get(DispatchKey.Lazy));

        NativeFunction functional = fn("add.Tensor");
        assertFalse(functional.isStructured());
        assertTrue(functional.isPartOfStructuredGroup());
        assertEquals(Optional.of(OperatorName.parse("add.out")), functional.structuredDelegate());
        assertEquals(Map.of(), functional.dispatch(), "a delegate gets no default composite kernel");
        assertEquals(Optional.empty(), functional.structuredInherits());
        assertEquals(DeviceCheckType.ExactSame, functional.deviceCheck());
        assertEquals(Map.of(DispatchKey.Lazy, new KernelRef("LazyKernels", "abs")), fn("abs").dispatch());
    }

    @Test
    void variants() {
        assertEquals(Set.of(Variant.function, Variant.method), fn("add.Tensor").variants());
        assertTrue(fn("add.Tensor").hasFunctionVariant());
        assertTrue(fn("add.Tensor").hasMethodVariant());
        assertFalse(fn("add_.Tensor").hasFunctionVariant());
        assertTrue(fn("add_.Tensor").hasMethodVariant());
        assertEquals(Set.of(Variant.function, Variant.method), fn("abs").variants(), "'method, function' works too");
        assertEquals(Set.of(Variant.function), fn("add.out").variants(), "function is the default");
    }

    @Test
    void compositesGetTorchgensDefaultKernelName() {
        assertEquals(Map.of(DispatchKey.CompositeImplicitAutograd, KernelRef.inDefaultClass("flatten")),
                fn("flatten.using_ints").dispatch(), "no overload name");
        assertEquals(Map.of(DispatchKey.CompositeImplicitAutograd, KernelRef.inDefaultClass("matmul_out")),
                fn("matmul.out").dispatch(), "_out for out= functions");
        assertEquals(Map.of(DispatchKey.CompositeImplicitAutograd, KernelRef.inDefaultClass("hardtanh_")),
                fn("hardtanh_").dispatch(), "inplace keeps its underscore");
        assertEquals(Map.of(DispatchKey.CompositeExplicitAutograd, new KernelRef("Shapes", "expand_as")),
                fn("expand_as").dispatch());
        assertEquals("matmul_out", fn("matmul.out").cppName());
    }

    @Test
    void manualBindingsAndCommaSeparatedDispatchKeys() {
        NativeFunction relu = fn("relu");
        assertTrue(relu.manualBindings());
        assertFalse(fn("add.Tensor").manualBindings());
        assertEquals(List.of(DispatchKey.CPU, DispatchKey.Meta), List.copyOf(relu.dispatch().keySet()));
        assertEquals(KernelRef.inDefaultClass("relu"), relu.kernel(DispatchKey.Meta).orElseThrow());
        assertEquals(Optional.empty(), relu.kernel(DispatchKey.Lazy));
        assertEquals(List.of(OperatorName.parse("relu.out")), relu.autogen());
    }

    @Test
    void namespacedOperatorAndItsKernels() {
        NativeFunction custom = fn("myops::custom");
        assertEquals("myops", custom.name().namespace());
        assertEquals(List.of(DispatchKey.CPU, DispatchKey.PrivateUse1), List.copyOf(custom.dispatch().keySet()));
        assertEquals(new KernelRef("Custom", "run_private"), custom.dispatch().get(DispatchKey.PrivateUse1));
    }

    @Test
    void tagsAndCategoryOverride() {
        assertEquals(List.of("core", "pointwise"), List.copyOf(fn("add.Tensor").tags()));
        assertEquals(Set.of("pointwise"), fn("add_.Tensor").tags());
        assertEquals(Set.of(), fn("add.out").tags());
        assertEquals(Optional.of("dummy"), fn("flatten.using_ints").categoryOverride());
        assertEquals(Optional.empty(), fn("relu").categoryOverride());
        assertEquals(List.of(), fn("relu").func().outArguments());
    }

    @Test
    void notesIgnoredKeysWithTheirLines() {
        assertEquals(List.of(new IgnoredKey(new Location("ops.yaml", 19), "python_module"),
                new IgnoredKey(new Location("ops.yaml", 44), "device_guard")), ops.ignoredKeys());
        assertEquals("ops.yaml:19: note: key 'python_module' is recognised and ignored",
                ops.ignoredKeys().get(0).toString());
    }

    @Test
    void isImmutable() {
        assertThrows(UnsupportedOperationException.class, () -> ops.functions().clear());
        assertThrows(UnsupportedOperationException.class, () -> ops.structuredGroups().clear());
        assertThrows(UnsupportedOperationException.class, () -> ops.ignoredKeys().clear());
        assertThrows(UnsupportedOperationException.class, () -> fn("relu").dispatch().clear());
        assertThrows(UnsupportedOperationException.class, () -> fn("relu").variants().clear());
        assertThrows(UnsupportedOperationException.class, () -> fn("add.Tensor").tags().clear());
        assertThrows(UnsupportedOperationException.class, () -> fn("relu").autogen().clear());
    }

    @Test
    void anEmptyFileIsAnErrorNamingTheFile() {
        // far more likely a wrong path or a truncated write than an intended library; no line is at fault
        OpsYamlException e = assertThrows(OpsYamlException.class, () -> OpsYaml.parse("empty.yaml", "# nothing yet\n"));
        assertEquals(List.of(new OpsYamlError("empty.yaml", 0, OpsYaml.NO_ENTRIES)), e.errors());
        assertEquals("empty.yaml: no operators: the file has no entries (expected a list of '- func: ...' entries)",
                e.getMessage());
    }
}
