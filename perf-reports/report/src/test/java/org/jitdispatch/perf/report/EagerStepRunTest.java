package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Running the PyTorch eager peer from a report, with stand-ins for python3 (shell scripts that answer
 * {@code -c "import torch"} and the script's run as a given Python would): its lines land in the report, and
 * every way it cannot run leaves the reason in the report instead, which the training-step section states.
 */
class EagerStepRunTest {
    /** A python3 stand-in: {@code importTorch} is the exit status of {@code -c "import torch"}, then the run's. */
    private static Path python(Path dir, int importTorch, String runOutput, int runStatus) throws IOException {
        Path out = Files.writeString(dir.resolve("run-output.txt"), runOutput);
        Path p = Files.writeString(dir.resolve("python3"), "#!/bin/sh\n"
                + "if [ \"$1\" = -c ]; then echo \"No module named 'torch'\" >&2; exit " + importTorch + "; fi\n"
                + "cat '" + out + "'\nexit " + runStatus + "\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    private static Path script(Path dir) throws IOException {
        return Files.writeString(dir.resolve("train_step_models.py"), "# stand-in\n");
    }

    private static Path report(Path tmp) throws IOException {
        return ReportFixtures.copy("after", tmp.resolve("report"));
    }

    @Test
    void theScriptsLinesBecomeTheReportsEagerRun(@TempDir Path tmp) throws Exception {
        String lines = Files.readString(ReportFixtures.file(EagerStepResults.FILE));
        Path dir = report(tmp);
        String absent = new EagerStepRun(python(tmp, 0, lines, 0), script(tmp)).run(dir, tmp.resolve("work/eager.log"));
        assertNull(absent);
        assertEquals(lines, Files.readString(dir.resolve(EagerStepResults.FILE)));
        assertFalse(Files.exists(dir.resolve(EagerStepRun.ABSENT_FILE)));
        ReportData data = ReportData.load(dir);
        assertEquals(9, data.eager().size());
        assertNull(data.eagerAbsence());
        assertTrue(Files.readString(tmp.resolve("work/eager.log")).contains("import torch"), "the log has the commands");
    }

    @Test
    void aPythonWithoutTorchIsNamedInTheReport(@TempDir Path tmp) throws Exception {
        Path dir = report(tmp);
        String absent = new EagerStepRun(python(tmp, 1, "", 0), script(tmp)).run(dir, tmp.resolve("eager.log"));
        assertTrue(absent.contains("cannot import torch"), absent);
        assertFalse(Files.exists(dir.resolve(EagerStepResults.FILE)));
        ReportData data = ReportData.load(dir);
        assertEquals(absent, data.eagerAbsence());
        assertTrue(TrainStepSection.render(data).contains(Html.esc(absent)), "the section says why");
    }

    @Test
    void noPythonAndNoScriptAreNamed(@TempDir Path tmp) throws Exception {
        Path missing = tmp.resolve("no/python3");
        assertEquals("there is no " + missing, new EagerStepRun(missing, script(tmp)).run(report(tmp), tmp.resolve("l")));
        Path noScript = tmp.resolve("none.py");
        String absent = new EagerStepRun(python(tmp, 0, "", 0), noScript).run(tmp.resolve("report"), tmp.resolve("l"));
        assertTrue(absent.startsWith("there is no " + noScript), absent);
    }

    @Test
    void aFailingScriptOrOneThatWritesNoResultsLeavesTheReasonAndNoLines(@TempDir Path tmp) throws Exception {
        Path dir = report(tmp);
        String failed = new EagerStepRun(python(tmp, 0, "partial", 3), script(tmp)).run(dir, tmp.resolve("l"));
        assertTrue(failed.contains("failed (exit status 3"), failed);
        assertFalse(Files.exists(dir.resolve(EagerStepResults.FILE)));
        String garbage = new EagerStepRun(python(tmp, 0, "hello\n", 0), script(tmp)).run(dir, tmp.resolve("l"));
        assertTrue(garbage.contains("wrote no results the report can read") && garbage.contains(":1: not JSON"), garbage);
        assertFalse(Files.exists(dir.resolve(EagerStepResults.FILE)));
        assertEquals(garbage, ReportData.load(dir).eagerAbsence());
    }

    @Test
    void resultsGivenLaterReplaceTheReason(@TempDir Path tmp) throws Exception {
        Path dir = report(tmp);
        new EagerStepRun(python(tmp, 1, "", 0), script(tmp)).run(dir, tmp.resolve("l"));
        ReportData.addEagerResults(dir, ReportFixtures.file(EagerStepResults.FILE));
        ReportData data = ReportData.load(dir);
        assertNull(data.eagerAbsence());
        assertEquals(9, data.eager().size());
    }
}
