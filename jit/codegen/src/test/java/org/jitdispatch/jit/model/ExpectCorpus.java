package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A folder of expect tests on the class path: each {@code NAME.yaml} is an invalid input and
 * {@code NAME.expected} the exact text of all its errors. File names in the messages are the bare
 * {@code NAME.yaml} given to the parser, so the expectations do not depend on where the build runs.
 */
final class ExpectCorpus {
    private final Path folder;

    private ExpectCorpus(Path folder) {
        this.folder = folder;
    }

    /** The corpus in a class-path folder such as {@code /ops-yaml/bad}. */
    static ExpectCorpus at(String resourceFolder) {
        try {
            return new ExpectCorpus(Path.of(ExpectCorpus.class.getResource(resourceFolder).toURI()));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    Path folder() {
        return folder;
    }

    /** The case names, sorted. */
    Stream<String> cases() {
        return strip(fileNames(), ".yaml").stream().sorted();
    }

    String input(String name) {
        return read(name + ".yaml");
    }

    String expected(String name) {
        return read(name + ".expected").stripTrailing();
    }

    /**
     * The checks every case makes: the message is exactly the expectation, the structured errors agree with
     * it, they are in line order, and each names the case's file.
     */
    void assertFailsExactly(String name, OpsYamlException e) {
        assertEquals(expected(name), e.getMessage());
        assertEquals(e.getMessage(), e.errors().stream().map(OpsYamlError::toString).collect(Collectors.joining("\n")));
        List<Integer> lines = e.errors().stream().map(OpsYamlError::line).toList();
        assertEquals(lines.stream().sorted().toList(), lines, "errors are reported in line order");
        e.errors().forEach(err -> assertEquals(name + ".yaml", err.file()));
    }

    /** Every input has an expectation and the other way round, nothing else is there, and there are enough. */
    void assertComplete(int minimumCases) {
        Set<String> names = fileNames();
        Set<String> yaml = strip(names, ".yaml");
        Set<String> expected = strip(names, ".expected");
        assertEquals(yaml, expected, "each NAME.yaml needs a NAME.expected and vice versa");
        assertEquals(names.size(), yaml.size() + expected.size(), "only .yaml and .expected files belong here");
        assertTrue(yaml.size() >= minimumCases, "the corpus has " + yaml.size() + " cases");
    }

    private Set<String> fileNames() {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String read(String file) {
        try {
            return Files.readString(folder.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Set<String> strip(Set<String> names, String suffix) {
        return names.stream().filter(n -> n.endsWith(suffix)).map(n -> n.substring(0, n.length() - suffix.length()))
                .collect(Collectors.toSet());
    }
}
