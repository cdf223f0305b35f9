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
 * {@code results.json}, {@code stacks/*.collapsed}, {@code inlining.json}, and the PyTorch peer run's
 * {@code pytorch.json} when the report has one. The page is rendered from
 * this alone, so a previous report's directory can serve as a baseline and fixture data can be rendered
 * in tests.
 */
public record ReportData(Path dir, RunInfo run, Map<String, JmhResult> results, Map<String, PerOpCounters> counters,
                         Map<String, StackProfile> stacks, List<InlineVerdict> inlining, Map<String, JmhResult> peer) {
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
        Path peerFile = dir.resolve(PeerSection.FILE);
        Map<String, JmhResult> peer = Files.isRegularFile(peerFile) ? JmhResult.read(peerFile) : Map.of();
        return new ReportData(dir, run, results, PerOpCounters.read(dir.resolve(RESULTS)), stacks, inlining, peer);
    }

    public static void writeRunInfo(Path dir, RunInfo run) throws IOException {
        JSON.writeValue(dir.resolve(RunInfo.FILE).toFile(), run);
    }

    /** Keeps a PyTorch peer run's JMH JSON with the report, checked to be one. */
    public static void addPeerResults(Path dir, Path jmhJson) throws IOException {
        JmhResult.read(jmhJson);
        Files.copy(jmhJson, dir.resolve(PeerSection.FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    public static void writeInlining(Path dir, List<InlineVerdict> verdicts) throws IOException {
        JSON.writeValue(dir.resolve(INLINING).toFile(), verdicts);
    }
}
