package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of invalid backend YAMLs under {@code backend-yaml/bad/}, validated against the operator
 * library {@code ops-yaml/good/ops.yaml}: each {@code NAME.yaml} must fail with exactly the text of
 * {@code NAME.expected}, every error and nothing else, in line order. The corpus has a case for each rule
 * of {@link BackendYaml} (missing or invalid keys, list shapes, operator names, variants split between the
 * backend and its Autograd key, flags, duplicates, YAML syntax and the document's shape) and one file
 * with several errors at once.
 */
class BadBackendYamlTest {
    private static OpsYaml ops;

    @BeforeAll
    static void readOperatorLibrary() throws URISyntaxException {
        ops = OpsYaml.read(Path.of(BadBackendYamlTest.class.getResource("/ops-yaml/good/ops.yaml").toURI()));
    }

    private static final ExpectCorpus CORPUS = ExpectCorpus.at("/backend-yaml/bad");

    static Stream<String> cases() {
        return CORPUS.cases();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithExactlyTheExpectedMessages(String name) {
        String text = CORPUS.input(name);

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> BackendYaml.parse(name + ".yaml", text, ops));

        CORPUS.assertFailsExactly(name, e);
        // a problem with the file as a whole (it is empty) names no line; every other one names a real line
        e.errors().forEach(err -> assertTrue(err.line() >= 1 || err.message().endsWith("not empty"),
                "every error points at a line: " + err));
    }

    @Test
    void readingFromAFileNamesThePathInEveryError() throws URISyntaxException {
        Path file = CORPUS.folder().resolve("several-errors.yaml");

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> BackendYaml.read(file, ops));

        assertEquals(8, e.errors().size());
        e.errors().forEach(err -> assertEquals(file.toString(), err.file()));
    }

    @Test
    void aMissingFileIsOneErrorNamingIt(@TempDir Path dir) {
        Path file = dir.resolve("lazy_native_functions.yaml");

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> BackendYaml.read(file, ops));

        assertEquals(1, e.errors().size());
        assertEquals(file.toString(), e.errors().get(0).file());
        assertEquals(file + ": no such file", e.getMessage());
    }

    @Test
    void everyCaseHasAnExpectationAndTheCorpusCoversTheRules() {
        CORPUS.assertComplete(15);
    }
}
