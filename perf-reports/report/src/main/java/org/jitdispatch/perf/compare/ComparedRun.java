package org.jitdispatch.perf.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jitdispatch.perf.inlining.InlineVerdict;

/**
 * One side of {@code compare}: a JMH JSON result file, or a report directory, whose inlining verdicts
 * ({@code inlining.json}) are compared too.
 *
 * @param inlining the report's inlining verdicts, or null when the run is a bare JMH file (or a report
 *     made without inlining runs)
 */
public record ComparedRun(Path path, Map<String, JmhResult> results, List<InlineVerdict> inlining) {
    static final String INLINING = "inlining.json";

    /** @throws IOException naming the file when it is no JMH result or report directory */
    public static ComparedRun read(Path path) throws IOException {
        Map<String, JmhResult> results = JmhJson.read(path);
        Path inliningFile = path.resolve(INLINING);
        List<InlineVerdict> inlining = Files.isDirectory(path) && Files.isRegularFile(inliningFile)
                ? InlineVerdicts.read(inliningFile) : null;
        return new ComparedRun(path, results, inlining);
    }
}
