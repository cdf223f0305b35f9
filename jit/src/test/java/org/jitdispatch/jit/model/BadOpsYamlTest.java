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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The corpus of invalid files under {@code ops-yaml/bad/}: each {@code NAME.yaml} must fail with exactly
 * the text of {@code NAME.expected}, every error and nothing else. File names in the messages are the
 * bare {@code NAME.yaml} given to the parser, so the expectations do not depend on where the build runs.
 */
class BadOpsYamlTest {

    static Path corpus() throws URISyntaxException {
        return Path.of(BadOpsYamlTest.class.getResource("/ops-yaml/bad").toURI());
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

        OpsYamlException e = assertThrows(OpsYamlException.class, () -> OpsYaml.parse(name + ".yaml", text));

        assertEquals(expected, e.getMessage());
        // The structured form agrees with the text, and is in line order.
        assertEquals(e.getMessage(), e.errors().stream().map(OpsYamlError::toString).collect(Collectors.joining("\n")));
        List<Integer> lines = e.errors().stream().map(OpsYamlError::line).toList();
        assertEquals(lines.stream().sorted().toList(), lines);
        e.errors().forEach(err -> assertEquals(name + ".yaml", err.file()));
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
        assertTrue(yaml.size() >= 40, "the corpus has " + yaml.size() + " cases");
    }

    private static Set<String> strip(Set<String> names, String suffix) {
        return names.stream().filter(n -> n.endsWith(suffix)).map(n -> n.substring(0, n.length() - suffix.length()))
                .collect(Collectors.toSet());
    }
}
