package org.jitdispatch.perf.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.perf.jvm.BenchmarkJvm;

/**
 * Runs a report's benchmarks in one JMH invocation with {@code -prof gc} (B/op), async-profiler
 * ({@code -prof async}, collapsed stacks with frame annotations) and, where the machine has counters,
 * {@code -prof perfnorm}, on the chosen JVM (JMH and its forks) with its flags (the forks). Writes JMH's JSON
 * to {@code results.json} and its output to {@code jmh.log}.
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

    /** The JMH command line for {@code suite}. */
    public List<String> command(ReportSuite suite, AsyncProfilerLibrary lib, SamplingEvent event, boolean perfnorm) {
        List<String> cmd = new ArrayList<>(jvm.jmhCommand(benchmarksJar));
        cmd.add(suite.include());
        cmd.addAll(suite.params());
        cmd.addAll(suite.timing());
        cmd.addAll(jvm.jmhForkOptions(List.of()));
        cmd.addAll(List.of("-foe", "true", "-prof", "gc", "-prof", lib.jmhProfilerOption(event, profilerDir)));
        if (perfnorm) {
            cmd.addAll(List.of("-prof", "perfnorm"));
        }
        cmd.addAll(List.of("-rf", "json", "-rff", reportDir.resolve(ReportData.RESULTS).toString()));
        return cmd;
    }

    /** Runs the command, echoing each benchmark's name to {@code progress} as it starts. */
    public void run(List<String> cmd, PrintStream progress) throws IOException, InterruptedException {
        Path log = reportDir.resolve("jmh.log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log))) {
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
        int code = p.waitFor();
        if (code != 0 || !Files.isRegularFile(reportDir.resolve(ReportData.RESULTS))) {
            List<String> lines = Files.readAllLines(log);
            throw new IOException("the benchmarks failed (JMH exit " + code + "); see " + log + ", which ends:\n  "
                    + String.join("\n  ", lines.subList(Math.max(0, lines.size() - 4), lines.size())));
        }
    }
}
