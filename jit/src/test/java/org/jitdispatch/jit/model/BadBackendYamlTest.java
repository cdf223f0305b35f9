package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
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

    static Path corpus() throws URISyntaxException {
        return Path.of(BadBackendYamlTest.class.getResource("/backend-yaml/bad").toURI());
    }

    static Stream<String> cases() throws IOException, URISyntaxException {
        try (Stream<Path> files = Files.list(corpus())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".yaml"))
                    .map(n -> n.substring(0, n.length() - ".yaml".length())).sorted().toList().stream();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void failsWithExactlyTheExpectedMessages(String name) throws IOException, URISyntaxException {
        String text = Files.readString(corpus().resolve(name + ".yaml"), StandardCharsets.UTF_8);
        String expected = Files.readString(corpus().resolve(name + ".expected"), StandardCharsets.UTF_8).stripTrailing();

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> BackendYaml.parse(name + ".yaml", text, ops));

        assertEquals(expected, e.getMessage());
        assertEquals(e.getMessage(), e.errors().stream().map(OpsYamlError::toString).collect(Collectors.joining("\n")));
        List<Integer> lines = e.errors().stream().map(OpsYamlError::line).toList();
        assertEquals(lines.stream().sorted().toList(), lines, "errors are reported in line order");
        e.errors().forEach(err -> assertEquals(name + ".yaml", err.file()));
        e.errors().forEach(err -> assertTrue(err.line() >= 1, "every error points at a line: " + err));
    }

    @Test
    void readingFromAFileNamesThePathInEveryError() throws URISyntaxException {
        Path file = corpus().resolve("several-errors.yaml");

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
        assertTrue(e.getMessage().contains("cannot read the file"), e.getMessage());
    }

    @Test
    void everyCaseHasAnExpectationAndTheCorpusCoversTheRules() throws IOException, URISyntaxException {
        Set<String> names;
        try (Stream<Path> files = Files.list(corpus())) {
            names = files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
        Set<String> yaml = strip(names, ".yaml");
        Set<String> expected = strip(names, ".expected");
        assertEquals(yaml, expected, "each NAME.yaml needs a NAME.expected and vice versa");
        assertEquals(names.size(), yaml.size() + expected.size(), "only .yaml and .expected files belong here");
        assertTrue(yaml.size() >= 15, "the corpus has " + yaml.size() + " cases");
    }

    private static Set<String> strip(Set<String> names, String suffix) {
        return names.stream().filter(n -> n.endsWith(suffix)).map(n -> n.substring(0, n.length() - suffix.length()))
                .collect(Collectors.toSet());
    }
}
