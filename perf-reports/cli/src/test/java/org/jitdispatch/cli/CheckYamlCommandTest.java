package org.jitdispatch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check-yaml}: the full ops.yaml validation by default, the schema round-trip with --schemas-only. */
class CheckYamlCommandTest {
    private static final String VALID = String.join("\n",
            "- func: add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
            "  variants: function, method",
            "  structured_delegate: add.out",
            "",
            "- func: add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)",
            "  structured: True",
            "  python_module: special",
            "  dispatch:",
            "    CPU: add_out",
            "",
            "- func: relu(Tensor self) -> Tensor",
            "  device_guard: False",
            "  dispatch:",
            "    CPU, Meta: relu",
            "");

    /** Schemas that parse, in entries that break two rules. */
    private static final String INVALID = String.join("\n",
            "- func: relu(Tensor self) -> Tensor",
            "  dispatch:",
            "    CUDA: relu",
            "",
            "- func: gelu(Tensor self) -> Tensor",
            "  structured: True",
            "");

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();
    private PrintStream savedOut;
    private PrintStream savedErr;

    @BeforeEach
    void capture() {
        savedOut = System.out;
        savedErr = System.err;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void restore() {
        System.setOut(savedOut);
        System.setErr(savedErr);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private String out() {
        return out.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }

    private String err() {
        return err.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n");
    }

    @Test
    void validFileSummaryAndIgnoredKeyNotes() throws IOException {
        Path file = write("ops.yaml", VALID);

        assertEquals(0, JitDispatchCli.run("check-yaml", file.toString()));

        assertEquals("3 operators OK (1 structured groups)\n"
                + file + ":7: note: key 'python_module' is recognised and ignored\n"
                + file + ":12: note: key 'device_guard' is recognised and ignored\n", out());
        assertEquals("", err());
    }

    @Test
    void everyErrorOnStderrAndExitCodeOne() throws IOException {
        Path file = write("bad.yaml", INVALID);

        assertEquals(1, JitDispatchCli.run("check-yaml", file.toString()));

        assertEquals(file + ":3: Dispatch key CUDA of kernel relu is not a supported dispatch key; supported keys: CPU,"
                + " Meta, Lazy, PrivateUse1, CompositeImplicitAutograd, CompositeExplicitAutograd"
                + " (in entry 'func: relu(Tensor self) -> Tensor')\n"
                + file + ":6: Put structured field on the out= variant of a function; did you mean structured_delegate?"
                + " (in entry 'func: gelu(Tensor self) -> Tensor')\n", err());
        assertEquals("", out());
    }

    @Test
    void invalidYamlIsOneError() throws IOException {
        Path file = write("broken.yaml", "- func: relu(Tensor self) -> Tensor\n  dispatch: [CPU\n");

        assertEquals(1, JitDispatchCli.run("check-yaml", file.toString()));

        assertTrue(err().startsWith(file + ":3: invalid YAML: "), err());
        assertEquals(1, err().lines().count());
    }

    @Test
    void schemasOnlyStillChecksOnlyTheSchemas() throws IOException {
        Path file = write("bad.yaml", INVALID);

        assertEquals(0, JitDispatchCli.run("check-yaml", "--schemas-only", file.toString()));

        assertEquals("2 schemas parsed, 2 round-trip\n", out());
        assertEquals("", err());
    }

    @Test
    void missingFile() {
        Path file = dir.resolve("nope.yaml");

        assertEquals(1, JitDispatchCli.run("check-yaml", file.toString()));

        assertEquals(file + ": no such file\n", err());
    }

    @Test
    void helpDescribesBothModes() {
        assertEquals(0, JitDispatchCli.run("check-yaml", "--help"));

        String help = out().replaceAll("\\s+", " ");
        assertTrue(help.contains("Without options, checks every entry against the ops.yaml rules"), help);
        assertTrue(help.contains("'N operators OK (G structured groups)'"), help);
        assertTrue(help.contains("With --schemas-only, only parses every 'func:' schema"), help);
    }
}
