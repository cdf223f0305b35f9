package org.jitdispatch.jit.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.jitdispatch.jit.yaml.YamlFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading an ops.yaml file that is broken or hostile: each fails with one error that names the file and,
 * when the problem is at a place in it, the real line and the entry ({@code FILE:LINE: message (in entry
 * 'func: ...')}); a problem with the file as a whole names the file only. The limits (size, nesting,
 * aliases) fail fast, without a StackOverflowError.
 */
class OpsYamlReadTest {
    private static final String RELU = "- func: relu(Tensor self) -> Tensor\n  dispatch:\n    CPU: relu\n";
    private static final String IN_RELU = " (in entry 'func: relu(Tensor self) -> Tensor')";

    @TempDir
    Path dir;

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    /** The only error reading {@code file} gives. */
    private static OpsYamlError readFails(Path file) {
        OpsYamlException e = assertThrows(OpsYamlException.class, () -> OpsYaml.read(file));
        assertEquals(1, e.errors().size(), e.getMessage());
        OpsYamlError error = e.errors().get(0);
        assertEquals(file.toString(), error.file());
        assertEquals(error.toString(), e.getMessage());
        return error;
    }

    private static void assertError(Path file, int line, String message, OpsYamlError error) {
        assertEquals(line, error.line(), error.toString());
        assertEquals(message, error.message());
        assertEquals(file + (line > 0 ? ":" + line : "") + ": " + message, error.toString());
    }

    @Test
    void aMissingFileIsNamedWithoutALine() {
        Path missing = dir.resolve("missing.yaml");
        assertError(missing, 0, "no such file", readFails(missing));
    }

    @Test
    void aDirectoryIsNamedWithoutALine() {
        assertError(dir, 0, "is a directory, not a file", readFails(dir));
    }

    @Test
    void anUnreadableFileIsNamedWithoutALine() throws IOException {
        Path file = write("unreadable.yaml", RELU);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("-w-------"));
        assumeFalse(Files.isReadable(file), "running as a user who can read any file");
        assertError(file, 0, "permission denied", readFails(file));
    }

    @Test
    void aFileThatIsNotUtf8NamesTheLineOfTheBadByte() throws IOException {
        Path file = dir.resolve("latin1.yaml");
        Files.write(file, (RELU + "- func: gelu(Tensor self) -> Tensor\n  dispatch:\n    CPU: g\u00e9lu\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        assertError(file, 6, "not UTF-8 text (is it a binary file?)", readFails(file));
    }

    @Test
    void anEmptyFileHasNoOperators() throws IOException {
        Path empty = write("empty.yaml", "");
        assertError(empty, 0, OpsYaml.NO_ENTRIES, readFails(empty));
        Path comments = write("comments.yaml", "# - func: relu(Tensor self) -> Tensor\n");
        assertError(comments, 0, OpsYaml.NO_ENTRIES, readFails(comments));
        Path emptyList = write("empty-list.yaml", "[]\n");
        assertError(emptyList, 0, OpsYaml.NO_ENTRIES, readFails(emptyList));
    }

    @Test
    void aListOfScalarsNamesTheFirstOne() throws IOException {
        Path file = write("scalars.yaml", RELU + "- gelu(Tensor self) -> Tensor\n- abs\n");
        assertError(file, 4, "each entry of the list must be a mapping such as"
                + " '- func: add.Tensor(Tensor self, Tensor other) -> Tensor'", readFails(file));
    }

    @Test
    void aMappingInsteadOfAListNamesItsLine() throws IOException {
        Path file = write("mapping.yaml", "\nfunc: relu(Tensor self) -> Tensor\n");
        assertError(file, 2, "the file must be a list of entries ('- func: ...'), not a mapping", readFails(file));
    }

    @Test
    void anEntryWithoutFuncIsNamedByItsLine() throws IOException {
        Path file = write("no-func.yaml", RELU + "\n- variants: function\n  dispatch:\n    CPU: gelu\n");
        assertError(file, 5, "missing required key 'func' (in the entry at line 5)", readFails(file));
    }

    @Test
    void aDuplicateKeyOfAnEntryNamesBothLinesAndTheEntry() throws IOException {
        Path file = write("duplicate.yaml", RELU + "  variants: function\n  dispatch:\n    Meta: relu\n");
        assertError(file, 5, "duplicate key 'dispatch' (first at line 2)" + IN_RELU, readFails(file));
    }

    @Test
    void aDuplicateKeyOfANestedMappingNamesBothLinesAndTheEntry() throws IOException {
        Path file = write("duplicate-nested.yaml", RELU + "    Meta: relu_meta\n    CPU: relu2\n");
        assertError(file, 5, "duplicate key 'CPU' in 'dispatch' (first at line 3)" + IN_RELU, readFails(file));
    }

    @Test
    void aDuplicateFuncNamesTheEntryByItsFirstFunc() throws IOException {
        Path file = write("duplicate-func.yaml", RELU + "  func: gelu(Tensor self) -> Tensor\n");
        assertError(file, 4, "duplicate key 'func' (first at line 1)" + IN_RELU, readFails(file));
    }

    @Test
    void nestingDeeperThanTheLimitNamesTheLineAndTheEntry() throws IOException {
        // flow style: the limit is hit on line 4, where the brackets are
        Path flow = write("deep-flow.yaml", RELU + "  tags: " + "[".repeat(20_000) + "\n");
        assertError(flow, 4, "lists and mappings are nested more than " + YamlFile.MAX_DEPTH + " levels deep"
                + IN_RELU, readFails(flow));
        // block style, one level per line: level 51 (the root list, the entry, then 49 more) is on line 53
        StringBuilder block = new StringBuilder(RELU).append("  tags:\n");
        for (int level = 0; level < 200; level++) {
            block.append("  ".repeat(level + 2)).append("x:\n");
        }
        Path deep = write("deep-block.yaml", block.toString());
        assertError(deep, 5 + YamlFile.MAX_DEPTH - 2, "lists and mappings are nested more than "
                + YamlFile.MAX_DEPTH + " levels deep" + IN_RELU, readFails(deep));
        // outside any entry
        Path root = write("deep-root.yaml", "- ".repeat(20_000) + "x\n");
        assertError(root, 1, "lists and mappings are nested more than " + YamlFile.MAX_DEPTH + " levels deep",
                readFails(root));
    }

    @Test
    void nestingUpToTheLimitIsRead() throws IOException {
        // the root list, the entry, and 48 levels of lists under one key
        Path file = write("limit.yaml", "- func: relu(Tensor self) -> Tensor\n  tags: " + "[".repeat(48)
                + "x" + "]".repeat(48) + "\n");
        OpsYamlError error = readFails(file);
        assertEquals(2, error.line(), error.toString());
        assertTrue(error.message().startsWith("items of 'tags' must be single values"), error.toString());
    }

    @Test
    void anOversizedFileIsRejectedFastAtTheLineWhereItCrossesTheLimit() throws IOException {
        // the 19-second case: 10 MB on one line
        Path file = dir.resolve("huge.yaml");
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            w.write(RELU);
            w.write("- func: ");
            char[] chunk = "a".repeat(1 << 16).toCharArray();
            for (int i = 0; i < 10 * 1024 * 1024 / chunk.length; i++) {
                w.write(chunk);
            }
            w.write(" -> Tensor\n");
        }
        long start = System.nanoTime();
        OpsYamlError error = readFails(file);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertError(file, 4, "the file is larger than the 3,145,728 characters a YAML file may have", error);
        assertTrue(millis < 1000, "rejected in " + millis + " ms");
    }

    @Test
    void oversizedTextIsRejectedLikeAFile() {
        String text = RELU + "- func: " + "a".repeat(YamlFile.MAX_CODE_POINTS) + "\n";
        OpsYamlException e = assertThrows(OpsYamlException.class, () -> OpsYaml.parse("huge.yaml", text));
        assertEquals("huge.yaml:4: the file is larger than the 3,145,728 characters a YAML file may have",
                e.getMessage());
    }

    @Test
    void aLongLineWithinTheLimitIsReadFast() {
        // with snakeyaml's default 1 KB reading window, one long token takes time quadratic in its length
        String text = "- func: " + "a".repeat(YamlFile.MAX_CODE_POINTS - 100) + "\n";
        long start = System.nanoTime();
        YamlFile yaml = YamlFile.parse("long.yaml", text);
        long millis = (System.nanoTime() - start) / 1_000_000;
        assertEquals(1, yaml.entries().size());
        assertTrue(millis < 1000, "read in " + millis + " ms");
    }

    @Test
    void anAliasBombNamesTheLineOfTheAliasOverTheLimit() throws IOException {
        StringBuilder bomb = new StringBuilder(RELU).append("  a: &a [x, x]\n");
        for (int i = 0; i < 60; i++) {
            bomb.append("  b").append(i).append(": &b").append(i).append(" [*a, *a]\n");
        }
        Path file = write("aliases.yaml", bomb.toString());
        // two aliases a line from line 5: the 51st is on the 26th of those lines
        assertError(file, 5 + 25, "more than " + YamlFile.MAX_COLLECTION_ALIASES + " aliases (*a) of lists or mappings"
                + IN_RELU, readFails(file));
    }

    @Test
    void aliasesOfScalarsAreNotCounted() {
        String text = "- func: relu(Tensor self) -> Tensor\n  tags: [&t core" + ", *t".repeat(100) + "]\n";
        assertEquals(101, YamlFile.parse("scalar-aliases.yaml", text).entries().get(0).scalarList("tags")
                .orElseThrow().size());
    }

    @Test
    void aRecursiveAliasIsAnErrorNotAHang() throws IOException {
        Path file = write("recursive.yaml", RELU + "  tags: &t [core, *t]\n");
        OpsYamlError error = readFails(file);
        assertEquals(4, error.line(), error.toString());
    }

    @Test
    void syntaxErrorsNameTheLineAndTheEntry() throws IOException {
        Path file = write("syntax.yaml", RELU + "   Meta: relu\n");
        OpsYamlError error = readFails(file);
        assertEquals(4, error.line(), error.toString());
        assertTrue(error.message().startsWith("invalid YAML: "), error.toString());
        assertTrue(error.message().endsWith(IN_RELU), error.toString());
    }

    @Test
    void aControlCharacterNamesItsLine() throws IOException {
        Path file = write("control.yaml", RELU + "- func: gelu(Tensor self) -> Tensor\n  variants: \u0001\n");
        assertError(file, 5, "invalid YAML: special characters are not allowed (U+0001)", readFails(file));
    }

    @Test
    void aBackendYamlHasTheSameLimits() throws IOException {
        OpsYaml ops = OpsYaml.parse("ops.yaml", RELU);
        Path missing = dir.resolve("backend.yaml");
        OpsYamlException e = assertThrows(OpsYamlException.class, () -> BackendYaml.read(missing, ops));
        assertEquals(missing + ": no such file", e.getMessage());

        StringBuilder deep = new StringBuilder("backend: Lazy\nsupported: ").append("[".repeat(100)).append("\n");
        Path file = write("deep.yaml", deep.toString());
        e = assertThrows(OpsYamlException.class, () -> BackendYaml.read(file, ops));
        assertEquals(List.of(new OpsYamlError(file.toString(), 2, "lists and mappings are nested more than "
                + YamlFile.MAX_DEPTH + " levels deep")), e.errors());

        Path duplicate = write("duplicate.yaml", "backend: Lazy\njava_package: a.b\nbackend: Lazy\n");
        e = assertThrows(OpsYamlException.class, () -> BackendYaml.read(duplicate, ops));
        assertEquals(duplicate + ":3: duplicate key 'backend' (first at line 1)", e.getMessage());
    }
}
