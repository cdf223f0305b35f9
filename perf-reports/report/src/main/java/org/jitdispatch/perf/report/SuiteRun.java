package org.jitdispatch.perf.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.jitdispatch.perf.jvm.BenchmarkJvm;

/**
 * Runs a report's benchmarks with {@code -prof gc} (B/op), async-profiler
 * ({@code -prof async}, collapsed stacks with frame annotations) and, where the machine has counters,
 * {@code -prof perfnorm}, on the chosen JVM (JMH and its forks) with its flags (the forks), as one JMH
 * invocation per run of the suite. Writes JMH's JSON of all of them to {@code results.json}, their output
 * to {@code jmh.log}, and every benchmark's warm-up and measurement iterations with the deoptimizations JFR
 * recorded in its fork to {@code iterations.json}.
 */
public final class SuiteRun {
    private final Path benchmarksJar;
    private final Path reportDir;
    private final Path profilerDir;
    private final BenchmarkJvm jvm;

    public SuiteRun(Path benchmarksJar, Path reportDir, Path profilerDir, BenchmarkJvm jvm) {
        this.benchmarksJar = benchmarksJar;
        this.reportDir = reportDir;
        this.profilerDir = profilerDir.toAbsolutePath();
        this.jvm = jvm;
    }

    /**
     * The JMH command lines of {@code suite}, one per run of it, each writing its JSON to
     * {@code work/results-<n>.json} (merged into results.json by {@link #run}).
     */
    public List<List<String>> commands(ReportSuite suite, AsyncProfilerLibrary lib, SamplingEvent event, boolean perfnorm) {
        List<List<String>> cmds = new ArrayList<>();
        for (int i = 0; i < suite.runs().size(); i++) {
            ReportSuite.Run r = suite.runs().get(i);
            List<String> cmd = new ArrayList<>(jvm.jmhCommand(benchmarksJar));
            cmd.add(r.include());
            cmd.addAll(r.params());
            cmd.addAll(r.timing());
            cmd.addAll(jvm.jmhForkOptions(List.of(jfrOption())));
            cmd.addAll(List.of("-foe", "true", "-prof", "gc", "-prof", lib.jmhProfilerOption(event, profilerDir)));
            if (perfnorm) {
                cmd.addAll(List.of("-prof", "perfnorm"));
            }
            cmd.addAll(List.of("-rf", "json", "-rff", partFile(i + 1).toString()));
            cmds.add(cmd);
        }
        return cmds;
    }

    /**
     * Each fork records its deoptimizations with JFR into a file of its own in {@code work/jfr/} (a directory
     * as the file name: JFR names the file after the fork's process id).
     */
    String jfrOption() {
        Path work = reportDir.resolve("work").toAbsolutePath();
        return "-XX:StartFlightRecording:filename=" + work.resolve("jfr") + ",settings=" + work.resolve("deopt.jfc");
    }

    private Path partFile(int n) {
        return reportDir.resolve("work").resolve("results-" + n + ".json");
    }

    /**
     * Runs the commands one after the other, echoing each benchmark's name to {@code progress} as it starts,
     * and merges their results into results.json.
     */
    public void run(List<List<String>> cmds, PrintStream progress) throws IOException, InterruptedException {
        Path log = reportDir.resolve("jmh.log");
        Files.createDirectories(reportDir.resolve("work"));
        Files.deleteIfExists(reportDir.resolve(ReportData.RESULTS));
        Path jfrDir = reportDir.resolve("work").resolve("jfr");
        deleteRecursively(jfrDir);
        Files.createDirectories(jfrDir);
        Files.writeString(reportDir.resolve("work").resolve("deopt.jfc"), BenchmarkIterations.JFR_SETTINGS);
        ArrayNode merged = ReportData.JSON.createArrayNode();
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(log))) {
            for (int i = 0; i < cmds.size(); i++) {
                Path part = partFile(i + 1);
                Files.deleteIfExists(part);
                out.println("# " + String.join(" ", cmds.get(i)));
                int code = runOne(cmds.get(i), out, progress);
                out.flush();
                if (code != 0 || !Files.isRegularFile(part)) {
                    List<String> lines = Files.readAllLines(log);
                    throw new IOException("the benchmarks failed (JMH exit " + code + "); see " + log + ", which ends:\n  "
                            + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 4), lines.size())));
                }
                ReportData.JSON.readTree(part.toFile()).forEach(merged::add);
            }
        }
        ReportData.JSON.writeValue(reportDir.resolve(ReportData.RESULTS).toFile(), byBenchmark(merged));
        BenchmarkIterations.write(reportDir, BenchmarkIterations.collect(Files.readAllLines(log), jfrDir));
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (java.util.stream.Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /**
     * The runs' results grouped by benchmark, each benchmark's in the order the runs gave them (add at 1 and
     * 64 elements from one run, then at 4096 from another).
     */
    static ArrayNode byBenchmark(ArrayNode results) {
        List<JsonNode> sorted = new ArrayList<>();
        results.forEach(sorted::add);
        sorted.sort(Comparator.comparing(b -> b.path("benchmark").asText()));
        ArrayNode out = ReportData.JSON.createArrayNode();
        sorted.forEach(out::add);
        return out;
    }

    private static int runOne(List<String> cmd, PrintWriter out, PrintStream progress) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String benchmark = "";
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.println(line);
                if (line.startsWith("# Benchmark: ")) {
                    benchmark = line.substring("# Benchmark: ".length());
                } else if (line.startsWith("# Parameters: ")) {
                    benchmark += " " + line.substring("# Parameters: ".length());
                } else if (line.startsWith("# Fork: 1 of")) {
                    progress.println("  " + benchmark);
                }
            }
        }
        return p.waitFor();
    }
}
