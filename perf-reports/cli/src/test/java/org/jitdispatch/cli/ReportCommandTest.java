package org.jitdispatch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
    private static Path fixture(String name) throws URISyntaxException {
        return Path.of(ReportCommandTest.class.getResource("/report-fixture/" + name + "/run.json").toURI()).getParent();
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    @Test
    void rerendersAReportDirectoryAgainstABaselineAndSaysWhereThePageIs(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("after");
        copyTree(fixture("after"), dir);
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true));
            code = JitDispatchCli.run("report", "--rerender", dir.toString(), "--baseline", fixture("before").toString());
        } finally {
            System.setOut(saved);
        }
        assertEquals(0, code);
        Path page = dir.resolve("report.html").toAbsolutePath().normalize();
        assertTrue(out.toString().contains("report: " + page), out.toString());
        String html = Files.readString(page);
        assertTrue(html.contains("id=\"baseline\"") && html.contains("flamegraph diff"));
    }

    @Test
    void aBaselineThatIsNoReportIsAClearError(@TempDir Path tmp) throws Exception {
        PrintStream saved = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setErr(new PrintStream(err, true));
            code = JitDispatchCli.run("report", "--rerender", fixture("after").toString(), "--baseline", tmp.toString());
        } finally {
            System.setErr(saved);
        }
        assertEquals(1, code);
        assertTrue(err.toString().contains(tmp + " is not a report directory: no run.json"), err.toString());
    }

    @Test
    void pythonResultsAndBothPeerRunsAreKeptWithTheReportAndShown(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("after");
        copyTree(fixture("after"), dir);
        Path eager = fixture("after").getParent().resolve("pytorch-eager.jsonl");
        Path scaling = fixture("after").getParent().resolve("size-scaling.json");
        Path callPaths = fixture("after").getParent().resolve("pytorch.json");
        CliRun run = CliRun.of("report", "--rerender", dir.toString(), "--python-results", eager.toString(),
                "--peer-results", callPaths.toString(), "--peer-results", scaling.toString());
        assertEquals(0, run.code(), run.err());
        assertEquals(Files.readString(eager), Files.readString(dir.resolve("pytorch-eager.jsonl")));
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<section id=\"train-steps\">") && html.contains("PyTorch eager µs/step")
                && html.contains("<td>not in this run</td>"), "the eager steps, beside a run without ours");
        assertTrue(html.contains("<section id=\"scaling\">") && html.contains("<figure data-op=\"bmm\">"));
        assertTrue(html.contains("<table class=\"peer\">"), "both peer runs are kept");
    }

    @Test
    void aPythonResultsFileThatIsNotTheScriptsOutputFailsBeforeAnythingIsWritten(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("after");
        copyTree(fixture("after"), dir);
        Path wrong = Files.writeString(tmp.resolve("eager.txt"), "mlp 1 235us\n");
        CliRun run = CliRun.of("report", "--rerender", dir.toString(), "--python-results", wrong.toString());
        assertEquals(1, run.code());
        assertTrue(run.err().contains(wrong + ":1: not JSON"), run.err());
        assertFalse(run.showsAStackTrace(), run.err());
        assertFalse(Files.exists(dir.resolve("pytorch-eager.jsonl")));
        assertFalse(Files.exists(dir.resolve("report.html")), "nothing rendered");
    }
}
