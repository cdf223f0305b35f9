package org.jitdispatch.perf.report;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jitdispatch.perf.compare.JmhResult;
import org.jitdispatch.perf.inlining.InlineVerdict;

/**
 * Everything a report shows, as read back from its directory: {@code run.json}, JMH's
 * {@code results.json}, {@code stacks/*.collapsed} and {@code inlining.json}. The page is rendered from
 * this alone, so a previous report's directory can serve as a baseline and fixture data can be rendered
 * in tests.
 */
public record ReportData(Path dir, RunInfo run, Map<String, JmhResult> results, Map<String, PerOpCounters> counters,
                         Map<String, StackProfile> stacks, List<InlineVerdict> inlining) {
    public static final String RESULTS = "results.json";
    public static final String INLINING = "inlining.json";

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public static ReportData load(Path dir) throws IOException {
        Path runFile = dir.resolve(RunInfo.FILE);
        if (!Files.isRegularFile(runFile)) {
            throw new IOException(dir + " is not a report directory: no " + RunInfo.FILE);
        }
        RunInfo run = JSON.readValue(runFile.toFile(), RunInfo.class);
        Map<String, JmhResult> results = JmhResult.read(dir.resolve(RESULTS));
        Map<String, StackProfile> stacks = new LinkedHashMap<>();
        for (String key : results.keySet()) {
            Path f = dir.resolve(CollapsedStacks.DIR).resolve(CollapsedStacks.fileName(key));
            if (Files.isRegularFile(f)) {
                stacks.put(key, StackProfile.read(f));
            }
        }
        Path inliningFile = dir.resolve(INLINING);
        List<InlineVerdict> inlining = Files.isRegularFile(inliningFile)
                ? JSON.readValue(inliningFile.toFile(), new TypeReference<List<InlineVerdict>>() { })
                : List.of();
        return new ReportData(dir, run, results, PerOpCounters.read(dir.resolve(RESULTS)), stacks, inlining);
    }

    public static void writeRunInfo(Path dir, RunInfo run) throws IOException {
        JSON.writeValue(dir.resolve(RunInfo.FILE).toFile(), run);
    }

    public static void writeInlining(Path dir, List<InlineVerdict> verdicts) throws IOException {
        JSON.writeValue(dir.resolve(INLINING).toFile(), verdicts);
    }
}
