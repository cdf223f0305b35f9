package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import org.jitdispatch.runtime.dispatch.DispatchKey;
import org.jitdispatch.runtime.schema.SchemaKind;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * What {@link BackendYaml} makes of valid backend YAMLs, validated against the operator library
 * {@code ops-yaml/good/ops.yaml}: the backend key and its Autograd key, the package and kernel class
 * (with its {@code <Backend>NativeFunctions} default), the {@code supported} and {@code autograd} operators
 * in file order with their lines, {@code use_out_as_primary} and the primary kind it selects, and empty or
 * absent lists.
 */
class BackendYamlTest {
    private static OpsYaml ops;

    @BeforeAll
    static void readOperatorLibrary() throws URISyntaxException {
        ops = OpsYaml.read(Path.of(BackendYamlTest.class.getResource("/ops-yaml/good/ops.yaml").toURI()));
    }

    private static BackendYaml parse(String text) {
        return BackendYaml.parse("lazy_native_functions.yaml", text, ops);
    }

    private static List<String> names(List<BackendYaml.ListedOp> ops) {
        return ops.stream().map(op -> op.function().name().toString()).toList();
    }

    private static List<Integer> lines(List<BackendYaml.ListedOp> ops) {
        return ops.stream().map(BackendYaml.ListedOp::line).toList();
    }

    @Test
    void readsEveryKeyOfACompleteFile() {
        BackendYaml yaml = parse("""
                # The lazy backend's operators.
                backend: Lazy
                java_package: org.example.lazy
                class_name: LazyKernels
                supported:
                  - add.Tensor
                  - abs
                  - expand_as
                autograd: [relu]
                use_out_as_primary: False
                """);

        assertEquals("lazy_native_functions.yaml", yaml.file());
        assertEquals(DispatchKey.Lazy, yaml.backend());
        assertEquals(DispatchKey.AutogradLazy, yaml.autogradKey());
        assertEquals("org.example.lazy", yaml.javaPackage());
        assertEquals("LazyKernels", yaml.className());
        assertEquals(List.of("add.Tensor", "abs", "expand_as"), names(yaml.supported()));
        assertEquals(List.of(6, 7, 8), lines(yaml.supported()));
        assertEquals(List.of("relu"), names(yaml.autograd()));
        assertEquals(List.of(9), lines(yaml.autograd()));
        assertFalse(yaml.useOutAsPrimary());
        assertEquals(SchemaKind.functional, yaml.primaryKind());
    }

    @Test
    void listedOperatorsAreTheLibrarysEntries() {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: [add.out, add_.Tensor]\n");

        assertEquals(ops.function(yaml.supported().get(0).function().name()).orElseThrow(), yaml.supported().get(0).function());
        assertEquals(SchemaKind.out, yaml.supported().get(0).function().kind());
        assertEquals(SchemaKind.inplace, yaml.supported().get(1).function().kind());
    }

    @Test
    void keepsTheFileOrderRatherThanTheLibrarysOrder() {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: [relu, abs.out, add.Tensor]\n");

        assertEquals(List.of("relu", "abs.out", "add.Tensor"), names(yaml.supported()));
        assertEquals(List.of(3, 3, 3), lines(yaml.supported()));
    }

    @ParameterizedTest(name = "backend: {0} -> {1}")
    @CsvSource({"Lazy, LazyNativeFunctions, AutogradLazy", "PrivateUse1, PrivateUse1NativeFunctions, AutogradPrivateUse1"})
    void theKernelClassDefaultsToTheBackendsNativeFunctions(String backend, String className, String autograd) {
        BackendYaml yaml = parse("backend: " + backend + "\njava_package: org.example\nsupported: [abs]\n");

        assertEquals(className, yaml.className());
        assertEquals(DispatchKey.valueOf(autograd), yaml.autogradKey());
    }

    @ParameterizedTest(name = "use_out_as_primary: {0}")
    @CsvSource({"True, true, out", "true, true, out", "False, false, functional", "false, false, functional"})
    void useOutAsPrimarySelectsThePrimaryKind(String flag, boolean outPrimary, SchemaKind primary) {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: [add.out]\n"
                + "use_out_as_primary: " + flag + "\n");

        assertEquals(outPrimary, yaml.useOutAsPrimary());
        assertEquals(primary, yaml.primaryKind());
    }

    @Test
    void useOutAsPrimaryDefaultsToFalse() {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: [add.Tensor]\n");

        assertFalse(yaml.useOutAsPrimary());
        assertEquals(SchemaKind.functional, yaml.primaryKind());
    }

    @Test
    void anEmptySupportedListAndAnAbsentAutogradListAreEmpty() {
        BackendYaml yaml = parse("backend: PrivateUse1\njava_package: org.example.p1\nsupported:\n");

        assertEquals(DispatchKey.PrivateUse1, yaml.backend());
        assertTrue(yaml.supported().isEmpty());
        assertTrue(yaml.autograd().isEmpty());
    }

    @Test
    void emptyFlowListsAreEmpty() {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: []\nautograd: []\n");

        assertTrue(yaml.supported().isEmpty());
        assertTrue(yaml.autograd().isEmpty());
    }

    @Test
    void aNamespacedOperatorOfTheLibraryCanBeListed() {
        BackendYaml yaml = parse("backend: PrivateUse1\njava_package: org.example.p1\nsupported: [myops::custom]\n");

        assertEquals(List.of("myops::custom"), names(yaml.supported()));
    }

    @Test
    void variantsOfAnOpMayAllGoToTheAutogradKey() {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: [relu]\n"
                + "autograd: [add.Tensor, add_.Tensor, add.out]\n");

        assertEquals(List.of("relu"), names(yaml.supported()));
        assertEquals(List.of("add.Tensor", "add_.Tensor", "add.out"), names(yaml.autograd()));
    }

    @Test
    void theListsCannotBeModified() {
        BackendYaml yaml = parse("backend: Lazy\njava_package: org.example.lazy\nsupported: [abs]\nautograd: [relu]\n");

        assertThrows(UnsupportedOperationException.class, () -> yaml.supported().clear());
        assertThrows(UnsupportedOperationException.class, () -> yaml.autograd().clear());
    }
}
