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
 * {@code results.json}, {@code stacks/*.collapsed}, {@code inlining.json}, the PyTorch peer run's
 * {@code pytorch.json} and the PyTorch eager training steps' {@code pytorch-eager.jsonl} (or why they were not
 * run, {@code pytorch-eager.absent.txt}) when the report has them. The page is rendered from
 * this alone, so a previous report's directory can serve as a baseline and fixture data can be rendered
 * in tests.
 */
public record ReportData(Path dir, RunInfo run, Map<String, JmhResult> results, Map<String, PerOpCounters> counters,
                         Map<String, StackProfile> stacks, List<InlineVerdict> inlining, Map<String, JmhResult> peer,
                         Map<String, EagerStepResults.Step> eager, String eagerAbsence) {
    public static final String RESULTS = "results.json";
    public static final String INLINING = "inlining.json";

    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A report without PyTorch eager training steps. */
    public ReportData(Path dir, RunInfo run, Map<String, JmhResult> results, Map<String, PerOpCounters> counters,
                      Map<String, StackProfile> stacks, List<InlineVerdict> inlining, Map<String, JmhResult> peer) {
        this(dir, run, results, counters, stacks, inlining, peer, Map.of(), null);
    }

    /** A report with PyTorch eager training steps, or none and no reason given for it. */
    public ReportData(Path dir, RunInfo run, Map<String, JmhResult> results, Map<String, PerOpCounters> counters,
                      Map<String, StackProfile> stacks, List<InlineVerdict> inlining, Map<String, JmhResult> peer,
                      Map<String, EagerStepResults.Step> eager) {
        this(dir, run, results, counters, stacks, inlining, peer, eager, null);
    }

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
        Path eagerFile = dir.resolve(EagerStepResults.FILE);
        Map<String, EagerStepResults.Step> eager = Files.isRegularFile(eagerFile) ? EagerStepResults.read(eagerFile)
                : Map.of();
        return new ReportData(dir, run, results, PerOpCounters.read(dir.resolve(RESULTS)), stacks, inlining, peer, eager,
                EagerStepRun.absence(dir));
    }

    public static void writeRunInfo(Path dir, RunInfo run) throws IOException {
        JSON.writeValue(dir.resolve(RunInfo.FILE).toFile(), run);
    }

    /** Keeps a PyTorch peer run's JMH JSON with the report, checked to be one. */
    public static void addPeerResults(Path dir, Path jmhJson) throws IOException {
        addPeerResults(dir, List.of(jmhJson));
    }

    /**
     * Keeps PyTorch peer runs' JMH JSON with the report as one file, each checked to be JMH's: the call-path
     * peers and the size-scaling run, say, which {@code bench/pytorch-peer.sh} makes in separate runs. A
     * benchmark with the same parameters in two of them is an error naming both files.
     */
    public static void addPeerResults(Path dir, List<Path> jmhJsons) throws IOException {
        Map<String, Path> seen = new LinkedHashMap<>();
        com.fasterxml.jackson.databind.node.ArrayNode merged = JSON.createArrayNode();
        for (Path file : jmhJsons) {
            for (String key : JmhResult.read(file).keySet()) {
                Path other = seen.putIfAbsent(key, file);
                if (other != null) {
                    throw new IOException(file + ": benchmark '" + key + "' is also in " + other
                            + " (give each peer benchmark once)");
                }
            }
            JSON.readTree(file.toFile()).forEach(merged::add);
        }
        JSON.writeValue(dir.resolve(PeerSection.FILE).toFile(), merged);
    }

    /** Keeps the PyTorch eager training steps ({@code bench/python/train_step_models.py}'s output) with the report, checked. */
    public static void addEagerResults(Path dir, Path lines) throws IOException {
        EagerStepResults.read(lines);
        Files.copy(lines, dir.resolve(EagerStepResults.FILE), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.deleteIfExists(dir.resolve(EagerStepRun.ABSENT_FILE));
    }

    public static void writeInlining(Path dir, List<InlineVerdict> verdicts) throws IOException {
        JSON.writeValue(dir.resolve(INLINING).toFile(), verdicts);
    }
}
