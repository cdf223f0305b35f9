package org.jitdispatch.perf.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the PyTorch eager peer of the training steps, {@code bench/python/train_step_models.py}, when the
 * machine can: a Python 3 with torch ({@code /usr/bin/python3}, Debian's python3-torch, PyTorch 1.13). Its
 * lines go to the report's {@link EagerStepResults#FILE}; when it cannot run, the reason goes to
 * {@link #ABSENT_FILE}, which the report states where the PyTorch eager times would be.
 */
public final class EagerStepRun {
    /** The Python the project's golden values and peers come from. */
    public static final Path PYTHON = Path.of("/usr/bin/python3");
    /** The script, relative to the repository. */
    public static final Path SCRIPT = Path.of("bench", "python", "train_step_models.py");
    /** Where a report keeps why PyTorch eager was not measured. */
    public static final String ABSENT_FILE = "pytorch-eager.absent.txt";
    /** More than the script's default run needs (nine model and batch sizes, ten one-second repetitions each). */
    private static final long TIMEOUT_MINUTES = 20;
    private static final int TIMED_OUT = Integer.MIN_VALUE;

    private final Path python;
    private final Path script;

    public EagerStepRun(Path python, Path script) {
        this.python = python;
        this.script = script;
    }

    /**
     * Runs the script into {@code reportDir} (its stderr into {@code log}) and returns null, or, when it
     * cannot run or fails, writes the reason into the report and returns it.
     */
    public String run(Path reportDir, Path log) throws IOException, InterruptedException {
        String reason = whyNot(log);
        if (reason == null) {
            Path out = reportDir.resolve(EagerStepResults.FILE);
            int code = exec(List.of(python.toString(), script.toString()), out, log);
            if (code == TIMED_OUT) {
                reason = script + " did not finish within " + TIMEOUT_MINUTES + " minutes (its output is in " + log + ")";
            } else if (code != 0) {
                reason = script + " failed (exit status " + code + "; its output is in " + log + ")";
            } else {
                try {
                    EagerStepResults.read(out);
                } catch (IOException e) {
                    reason = script + " wrote no results the report can read: " + e.getMessage();
                }
            }
            if (reason != null) {
                Files.deleteIfExists(out);
            }
        }
        if (reason != null) {
            Files.writeString(reportDir.resolve(ABSENT_FILE), reason + "\n");
        }
        return reason;
    }

    /** Why the script cannot run here, or null when it can. */
    private String whyNot(Path log) throws IOException, InterruptedException {
        if (!Files.isExecutable(python)) {
            return "there is no " + python;
        }
        if (!Files.isRegularFile(script)) {
            return "there is no " + script + " (run report from the repository's root)";
        }
        if (exec(List.of(python.toString(), "-c", "import torch"), null, log) != 0) {
            return python + " cannot import torch (on Debian: apt-get install python3-torch)";
        }
        return null;
    }

    private static int exec(List<String> cmd, Path stdout, Path log) throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectOutput(stdout == null ? ProcessBuilder.Redirect.appendTo(log.toFile())
                        : ProcessBuilder.Redirect.to(stdout.toFile()));
        Files.writeString(log, "$ " + String.join(" ", cmd) + "\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        Process p = pb.start();
        if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
            p.destroyForcibly().waitFor();
            return TIMED_OUT;
        }
        return p.exitValue();
    }

    /** The reason a report keeps for PyTorch eager's absence, or null. */
    static String absence(Path reportDir) throws IOException {
        Path f = reportDir.resolve(ABSENT_FILE);
        return Files.isRegularFile(f) ? Files.readString(f).trim() : null;
    }
}
