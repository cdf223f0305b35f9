package org.jitdispatch.jit.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.palantir.javapoet.JavaFile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jitdispatch.jit.model.OpsYaml;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Expect tests of what the generator emits for the test library {@code ops-yaml/good/ops.yaml} (as
 * torchgen's tests do for its generated files): the API ({@code Torch}), the operator handles
 * ({@code Ops}), the CPU registration ({@code RegisterCPU}) and every {@code *Declarations} interface
 * are compared, character for character, with {@code expect/gen/NAME.java.expected}; {@code files.expected}
 * lists every file the generator writes, so that a file that appears or disappears is seen too.
 *
 * <p>After a deliberate change to the generator, regenerate the expectations and review their diff:
 * <pre>
 * mvn -pl jit/codegen test -Dtest=GeneratedSourcesExpectTest -Djitdispatch.expect.update=true
 * git diff jit/codegen/src/test/resources/expect/gen
 * </pre>
 * With the property set the test writes the files under {@code src/test/resources/expect/gen} of this
 * module instead of comparing, and passes.
 */
class GeneratedSourcesExpectTest {
    /** {@code -Djitdispatch.expect.update=true} rewrites the expectations instead of checking them. */
    static final String UPDATE_PROPERTY = "jitdispatch.expect.update";
    private static final String FOLDER = "expect/gen";

    private static List<JavaFile> generated() throws Exception {
        Path yaml = Path.of(GeneratedSourcesExpectTest.class.getResource("/ops-yaml/good/ops.yaml").toURI());
        return GenerateMain.generate(OpsYaml.read(yaml), List.of());
    }

    /** The files under expectation: the public API, the handles, the CPU registration and the declarations. */
    static Stream<String> checkedFiles() throws Exception {
        return generated().stream().map(f -> f.typeSpec().name())
                .filter(n -> n.equals("Torch") || n.equals("Ops") || n.equals("RegisterCPU") || n.endsWith("Declarations"))
                .sorted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("checkedFiles")
    void generatedFileIsAsExpected(String name) throws Exception {
        JavaFile file = generated().stream().filter(f -> f.typeSpec().name().equals(name)).findFirst().orElseThrow();
        check(name + ".java.expected", file.toString());
    }

    @Test
    void generatedFilesAreTheExpectedOnes() throws Exception {
        String names = generated().stream().map(f -> f.packageName() + "." + f.typeSpec().name()).sorted()
                .collect(Collectors.joining("\n", "", "\n"));
        check("files.expected", names);
    }

    @Test
    void theCheckedFilesIncludeEveryKindTheIssueNames() throws Exception {
        List<String> names = checkedFiles().toList();
        assertTrue(names.containsAll(List.of("Ops", "RegisterCPU", "Torch")), names.toString());
        assertTrue(names.stream().anyMatch(n -> n.endsWith("Declarations")), names.toString());
    }

    private static void check(String expectFile, String actual) throws IOException, URISyntaxException {
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            Path dir = Path.of(System.getProperty("basedir", ".")).resolve("src/test/resources").resolve(FOLDER);
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(expectFile), actual, StandardCharsets.UTF_8);
            return;
        }
        var url = GeneratedSourcesExpectTest.class.getResource("/" + FOLDER + "/" + expectFile);
        assertTrue(url != null, FOLDER + "/" + expectFile + " is missing; run with -D" + UPDATE_PROPERTY + "=true to write it");
        String expected = Files.readString(Path.of(url.toURI()), StandardCharsets.UTF_8);
        assertEquals(expected, actual, "generated " + expectFile.replace(".expected", "")
                + " differs from " + FOLDER + "/" + expectFile + "; if the change is intended, rerun with -D"
                + UPDATE_PROPERTY + "=true and review the diff");
    }
}
