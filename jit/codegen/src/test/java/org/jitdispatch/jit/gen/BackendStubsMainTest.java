package org.jitdispatch.jit.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The {@code backend-stubs} command end to end in a temporary directory: it writes the declarations and
 * the registration, leaves unchanged files (and their modification times) alone on a second run, writes
 * nothing with {@code --dry-run}, checks a kernel class with {@code --impl-path} (naming the YAML line, the
 * operator and the method it expects), and reports invalid input as {@code file:line: message} on stderr
 * with exit code 1 and no files written. The operator library is {@code ops-yaml/good/ops.yaml}, passed
 * with {@code --ops-yaml} (jitdispatch-kernels and its ops.yaml are not on this module's class path).
 */
class BackendStubsMainTest {
    private static final String YAML = """
            backend: Lazy
            java_package: org.example.lazy
            supported:
              - add.Tensor
              - abs
            autograd: [relu]
            """;

    @TempDir
    Path dir;

    private Path opsYaml;
    private Path sourceYaml;
    private Path out;
    private Path declarations;
    private Path register;

    /** What one run printed, and its exit code. */
    private record Run(int exitCode, String out, String err) {
    }

    @BeforeEach
    void writeTheBackendYaml() throws IOException, URISyntaxException {
        opsYaml = Path.of(BackendStubsMainTest.class.getResource("/ops-yaml/good/ops.yaml").toURI());
        sourceYaml = dir.resolve("lazy_native_functions.yaml");
        Files.writeString(sourceYaml, YAML, StandardCharsets.UTF_8);
        out = dir.resolve("generated");
        declarations = out.resolve("org/example/lazy/LazyNativeFunctionsDeclarations.java");
        register = out.resolve("org/example/lazy/RegisterLazy.java");
    }

    /** Runs the command with System.out and System.err captured (the command prints to them), restoring both. */
    private static Run run(String... args) {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        int code;
        try (PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8)) {
            System.setOut(o);
            System.setErr(e);
            CommandLine cmd = new CommandLine(new BackendStubsMain());
            cmd.setOut(new PrintWriter(o, true));
            cmd.setErr(new PrintWriter(e, true));
            code = cmd.execute(args);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
        return new Run(code, stdout.toString(StandardCharsets.UTF_8), stderr.toString(StandardCharsets.UTF_8));
    }

    private Run generate(String... extra) {
        List<String> args = new ArrayList<>(List.of("--source-yaml", sourceYaml.toString(), "--output-dir", out.toString(),
                "--ops-yaml", opsYaml.toString()));
        args.addAll(List.of(extra));
        return run(args.toArray(String[]::new));
    }

    private List<Path> filesUnder(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private Path writeKernelClass(String body) throws IOException {
        Path implRoot = dir.resolve("src");
        Path source = implRoot.resolve("org/example/lazy/LazyNativeFunctions.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package org.example.lazy;

                import org.jitdispatch.Tensor;
                import org.jitdispatch.runtime.Scalar;

                public final class LazyNativeFunctions implements LazyNativeFunctionsDeclarations {
                %s
                }
                """.formatted(body), StandardCharsets.UTF_8);
        return implRoot;
    }

    @Test
    void writesTheDeclarationsAndTheRegistration() throws IOException {
        Run r = generate();

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertEquals(List.of(declarations, register), filesUnder(out));
        assertEquals(List.of(
                "written: " + declarations,
                "written: " + register,
                "jitdispatch backend-stubs: Lazy, 2 supported and 1 autograd operators; 2 written"), r.out().lines().toList());
        assertTrue(Files.readString(declarations).contains("public interface LazyNativeFunctionsDeclarations"));
        assertTrue(Files.readString(register).contains("CpuFallback.register(dispatcher, DispatchKey.Lazy)"));
    }

    @Test
    void aSecondRunLeavesUnchangedFilesAlone() throws IOException {
        assertEquals(0, generate().exitCode());
        FileTime old = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(declarations, old);
        Files.setLastModifiedTime(register, old);
        String content = Files.readString(register);

        Run second = generate();

        assertEquals(0, second.exitCode(), second.err());
        assertEquals(List.of(
                "unchanged: " + declarations,
                "unchanged: " + register,
                "jitdispatch backend-stubs: Lazy, 2 supported and 1 autograd operators; 2 unchanged"),
                second.out().lines().toList());
        assertEquals(old, Files.getLastModifiedTime(declarations));
        assertEquals(old, Files.getLastModifiedTime(register));
        assertEquals(content, Files.readString(register));
    }

    @Test
    void aChangeToTheYamlRewritesOnlyTheFilesItChanges() throws IOException {
        assertEquals(0, generate().exitCode());
        FileTime old = FileTime.from(Instant.parse("2020-01-01T00:00:00Z"));
        Files.setLastModifiedTime(declarations, old);
        Files.setLastModifiedTime(register, old);
        // add.out is already registered as a wrapper derived from add.Tensor; listing it changes both files
        Files.writeString(sourceYaml, YAML.replace("  - abs\n", "  - abs\n  - add.out\n"), StandardCharsets.UTF_8);

        Run r = generate();

        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("written: " + declarations), r.out());
        assertTrue(r.out().contains("written: " + register), r.out());
        assertTrue(Files.readString(declarations).contains("Tensor add_out(Tensor self, Tensor other, Scalar alpha, Tensor out);"));
        assertFalse(old.equals(Files.getLastModifiedTime(declarations)));
    }

    @Test
    void aDryRunListsWhatItWouldWriteAndWritesNothing() throws IOException {
        Run r = generate("--dry-run");

        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of(
                "would write: " + declarations,
                "would write: " + register,
                "jitdispatch backend-stubs: Lazy, 2 supported and 1 autograd operators; 2 would write"),
                r.out().lines().toList());
        assertFalse(Files.exists(out), "the dry run created " + out);
    }

    @Test
    void aDryRunAfterARealRunReportsTheFilesUnchanged() throws IOException {
        assertEquals(0, generate().exitCode());
        Files.writeString(register, "// edited by hand\n", StandardCharsets.UTF_8);

        Run r = generate("--dry-run");

        assertEquals(0, r.exitCode(), r.err());
        assertEquals(List.of(
                "unchanged: " + declarations,
                "would write: " + register,
                "jitdispatch backend-stubs: Lazy, 2 supported and 1 autograd operators; 1 unchanged, 1 would write"),
                r.out().lines().toList());
        assertEquals("// edited by hand\n", Files.readString(register));
    }

    @Test
    void implPathReportsAMissingMethodWithTheYamlLineAndTheExpectedSignature() throws IOException {
        Path implRoot = writeKernelClass("""
                    public Tensor abs(Tensor self) { return self; }
                    public Tensor relu(Tensor self) { return self; }
                    // the wrong type for alpha: not an implementation of add.Tensor
                    public Tensor add(Tensor self, Tensor other, double alpha) { return self; }
                """);
        Path kernelSource = implRoot.resolve("org/example/lazy/LazyNativeFunctions.java");

        Run r = generate("--impl-path", implRoot.toString());

        assertEquals(1, r.exitCode());
        assertEquals(sourceYaml + ":4: no implementation of add.Tensor found in " + kernelSource
                + ": expected public Tensor add(Tensor self, Tensor other, Scalar alpha)", r.err().strip());
        assertEquals("", r.out());
        assertEquals(List.of(), filesUnder(out), "nothing is generated for an incomplete kernel class");
    }

    @Test
    void implPathReportsEveryMissingMethodInLineOrder() throws IOException {
        Path implRoot = writeKernelClass("    public Tensor abs(Tensor self) { return self; }\n");

        Run r = generate("--impl-path", implRoot.toString());

        assertEquals(1, r.exitCode());
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertTrue(lines.get(0).startsWith(sourceYaml + ":4: no implementation of add.Tensor found in "), lines.get(0));
        assertTrue(lines.get(1).startsWith(sourceYaml + ":6: no implementation of relu found in "), lines.get(1));
        assertTrue(lines.get(1).endsWith(": expected public Tensor relu(Tensor self)"), lines.get(1));
    }

    @Test
    void implPathAcceptsACompleteKernelClassWrittenInModernJava() throws IOException {
        Path implRoot = writeKernelClass("""
                    private record Shape(long[] sizes) {
                    }

                    @Override
                    public Tensor add(Tensor self, Tensor other, Scalar alpha) {
                        return other instanceof Tensor t ? t : self;
                    }

                    @Override
                    public Tensor abs(org.jitdispatch.Tensor self) {
                        String why = \"""
                                a text block\""";
                        return switch (why.length()) {
                            case 0 -> self;
                            default -> self;
                        };
                    }

                    @Override
                    public final Tensor relu(final Tensor self) {
                        return self;
                    }

                    public static Tensor unrelated(Tensor self) {
                        return self;
                    }
                """);

        Run r = generate("--impl-path", implRoot.toString());

        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertEquals(List.of(declarations, register), filesUnder(out));
    }

    @Test
    void implPathWithoutTheKernelClassSourceIsAClearError() throws IOException {
        Path implRoot = dir.resolve("src");
        Files.createDirectories(implRoot);

        Run r = generate("--impl-path", implRoot.toString());

        assertEquals(1, r.exitCode());
        // at the line of java_package, which names the class's package (the class has the default name)
        assertEquals(sourceYaml + ":2: --impl-path " + implRoot + " has no "
                + implRoot.resolve("org/example/lazy/LazyNativeFunctions.java")
                + ", the source of org.example.lazy.LazyNativeFunctions that implements the listed operators",
                r.err().strip());
        assertEquals(List.of(), filesUnder(out));
    }

    @Test
    void implPathErrorsAboutTheKernelClassPointAtItsClassName() throws IOException {
        Files.writeString(sourceYaml, "backend: Lazy\njava_package: org.example.lazy\nclass_name: LazyOps\n"
                + "supported: [abs]\n", StandardCharsets.UTF_8);
        Path implRoot = writeKernelClass("    public Tensor abs(Tensor self) { return self; }\n");
        Files.move(implRoot.resolve("org/example/lazy/LazyNativeFunctions.java"),
                implRoot.resolve("org/example/lazy/LazyOps.java"));

        Run r = generate("--impl-path", implRoot.toString());

        assertEquals(1, r.exitCode());
        assertEquals(sourceYaml + ":3: " + implRoot.resolve("org/example/lazy/LazyOps.java")
                + " does not declare class LazyOps", r.err().strip());
    }

    @Test
    void implPathWithAnUnparsableKernelClassNamesTheProblem() throws IOException {
        Path implRoot = writeKernelClass("    public Tensor abs(Tensor self) { return self; \n");

        Run r = generate("--impl-path", implRoot.toString());

        assertEquals(1, r.exitCode());
        // at the line of the Java source where parsing failed: the unclosed class ends the file
        Path source = implRoot.resolve("org/example/lazy/LazyNativeFunctions.java");
        assertTrue(r.err().matches("(?s)\\Q" + source + "\\E:\\d+: cannot parse LazyNativeFunctions: .*"), r.err());
        assertFalse(r.err().contains(":0:"), r.err());
    }

    @Test
    void anInvalidBackendYamlIsReportedOnStderrAndNothingIsWritten() throws IOException {
        Files.writeString(sourceYaml, "backend: XLA\njava_package: org.example.xla\nsupported: [abs_BAD]\n",
                StandardCharsets.UTF_8);

        Run r = generate();

        assertEquals(1, r.exitCode());
        assertEquals(List.of(
                sourceYaml + ":1: unknown backend 'XLA': it must be the dispatch key of an external backend, one of Lazy,"
                        + " PrivateUse1",
                sourceYaml + ":3: Found an invalid operator name: abs_BAD"), r.err().lines().toList());
        assertEquals("", r.out());
        assertFalse(Files.exists(out));
    }

    @Test
    void aMissingBackendYamlIsReportedByName() {
        Path missing = dir.resolve("missing.yaml");

        Run r = run("--source-yaml", missing.toString(), "--output-dir", out.toString(), "--ops-yaml", opsYaml.toString());

        assertEquals(1, r.exitCode());
        assertEquals(missing + ": no such file", r.err().strip());
    }

    @Test
    void withoutTheKernelsModuleTheOpsYamlMustBeGiven() {
        Run r = run("--source-yaml", sourceYaml.toString(), "--output-dir", out.toString());

        assertEquals(1, r.exitCode());
        assertEquals("ops.yaml: jitdispatch-kernels is not on the class path, so its ops.yaml cannot be found; pass"
                + " --ops-yaml FILE", r.err().strip());
    }

    @Test
    void theRequiredOptionsAreRequired() {
        Run r = run("--output-dir", out.toString());

        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("Missing required option: '--source-yaml=<sourceYaml>'"), r.err());
    }

    @Test
    void mainThrowsOnFailureSoThatABuildRunningItFails() {
        PrintStream oldErr = System.err;
        try (PrintStream quiet = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8)) {
            System.setErr(quiet);
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> BackendStubsMain.main(new String[] {
                    "--source-yaml", dir.resolve("missing.yaml").toString(), "--output-dir", out.toString(),
                    "--ops-yaml", opsYaml.toString()}));
            assertEquals("backend-stubs failed (exit 1); see the errors above", e.getMessage());
        } finally {
            System.setErr(oldErr);
        }
    }
}
