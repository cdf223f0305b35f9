package org.jitdispatch.cli;

import static org.jitdispatch.perf.compare.JmhFixtures.avgt;
import static org.jitdispatch.perf.compare.JmhFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare} as a gate: its exit codes, --report-only, --markdown and its help. */
class CompareCommandTest {
    @TempDir
    Path dir;

    @Test
    void noRegressionIsExitZero() throws Exception {
        Path before = write(dir, "before.json", avgt("direct", 100, 1, 160));
        Path after = write(dir, "after.json", avgt("direct", 99, 1, 160));
        CliRun run = CliRun.of("compare", before.toString(), after.toString());
        assertEquals(0, run.code(), run.err());
        assertTrue(run.out().endsWith("PASS: no regression in 1 benchmark compared (limits: 5% slower beyond noise,"
                + " +0 B/op)\n"), run.out());
    }

    @Test
    void aRegressionIsExitOneAndReportOnlyKeepsItZero() throws Exception {
        Path before = write(dir, "before.json", avgt("direct", 100, 1, 160));
        Path after = write(dir, "after.json", avgt("direct", 100, 1, 480));
        CliRun gate = CliRun.of("compare", before.toString(), after.toString());
        assertEquals(1, gate.code());
        assertTrue(gate.out().contains("REGRESSION: +320 B/op (limit +0)"), gate.out());
        assertTrue(gate.out().contains("FAIL: regressions: 1 allocating more"), gate.out());
        assertEquals(0, CliRun.of("compare", "--max-alloc-growth", "320", before.toString(), after.toString()).code());
        CliRun reportOnly = CliRun.of("compare", "--report-only", before.toString(), after.toString());
        assertEquals(0, reportOnly.code());
        assertTrue(reportOnly.out().contains("REPORT ONLY: regressions: 1 allocating more"), reportOnly.out());
    }

    @Test
    void markdownGoesToTheFileGiven() throws Exception {
        Path before = write(dir, "before.json", avgt("direct", 100, 1, 160));
        Path after = write(dir, "after.json", avgt("direct", 120, 1, 160));
        Path md = dir.resolve("summary").resolve("compare.md");
        CliRun run = CliRun.of("compare", "--markdown", md.toString(), before.toString(), after.toString());
        assertEquals(1, run.code());
        String text = Files.readString(md);
        assertTrue(text.startsWith("### jitdispatch compare\n\n**FAIL: regressions: 1 slower"), text);
        assertTrue(text.contains("**REGRESSION: 20.0% slower (limit 5%)**"), text);
    }

    @Test
    void badInputIsExitTwoWithTheFileNamed() throws Exception {
        Path good = write(dir, "good.json", avgt("direct", 100, 1, 160));
        Path noPrimary = Files.writeString(dir.resolve("x.json"), "[{\"benchmark\": \"a.B.c\"}]");
        CliRun run = CliRun.of("compare", good.toString(), noPrimary.toString());
        assertEquals(2, run.code());
        assertEquals("jitdispatch compare: " + noPrimary + ": benchmark 'B.c' (#1) has no primaryMetric\n", run.err());
        assertFalse(run.showsAStackTrace());
    }

    @Test
    void theHelpPrintsWithoutAFormatWarning() {
        CliRun run = CliRun.of("compare", "--help");
        assertEquals(0, run.code());
        assertFalse(run.out().contains("WARN") || run.err().contains("WARN"), run.out() + run.err());
        assertTrue(run.out().contains("99.9% confidence intervals"), run.out());
        assertTrue(run.out().contains("1   a regression"), run.out());
    }
}
