package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.jitdispatch.perf.report.AsyncProfilerLibrary;
import org.jitdispatch.perf.report.SamplingEvent;

/**
 * Runs one benchmark of the JMH jar in its own process (JMH forks it once more) with the JIT's inlining
 * decisions recorded by JFR and, when given a profiler, its samples with async-profiler's frame
 * annotations; returns both. JMH and its fork run on the chosen JVM, the fork with its flags.
 */
public final class BenchmarkProcess {
    /** What one run left: the JFR recording, and the collapsed stacks when profiled (else null). */
    public record Recorded(Path jfr, Path collapsedStacks) {
    }

    private final Path benchmarksJar;
    private final Path workDir;
    private final boolean quick;
    private final BenchmarkJvm jvm;
    private final AsyncProfilerLibrary profiler;
    private final SamplingEvent event;

    public BenchmarkProcess(Path benchmarksJar, Path workDir, boolean quick, BenchmarkJvm jvm) {
        this(benchmarksJar, workDir, quick, jvm, null, null);
    }

    private BenchmarkProcess(Path benchmarksJar, Path workDir, boolean quick, BenchmarkJvm jvm,
                             AsyncProfilerLibrary profiler, SamplingEvent event) {
        this.benchmarksJar = benchmarksJar;
        this.workDir = workDir;
        this.quick = quick;
        this.jvm = jvm;
        this.profiler = profiler;
        this.event = event;
    }

    /** The same runs with async-profiler sampling {@code event} during the measurement iterations. */
    public BenchmarkProcess profiledWith(AsyncProfilerLibrary lib, SamplingEvent samplingEvent) {
        return new BenchmarkProcess(benchmarksJar, workDir, quick, jvm, lib, samplingEvent);
    }

    /**
     * Runs {@code benchmark} ({@code Class.method}) with extra JVM options for the fork and returns its JFR
     * recording (and stacks, when profiled); the JMH output goes to {@code <label>.log} beside them.
     */
    public Recorded runRecorded(String benchmark, String label, List<String> extraJvmArgs) throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        Path settings = workDir.resolve("inlining.jfc");
        Files.writeString(settings, InliningRecording.SETTINGS);
        Path jfr = workDir.resolve(label + ".jfr");
        Files.deleteIfExists(jfr);
        Path stacksDir = workDir.resolve(label + "-async");
        if (profiler != null) {
            deleteRecursively(stacksDir);
        }
        List<String> cmd = command(benchmark, extraJvmArgs, settings, jfr, stacksDir);
        Path log = workDir.resolve(label + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = p.waitFor();
        if (code != 0 || !Files.exists(jfr)) {
            throw new IOException("benchmark " + benchmark + " failed (exit " + code + "); see " + log);
        }
        return new Recorded(jfr, profiler == null ? null : collapsedStacks(stacksDir));
    }

    /**
     * The JMH command line of one run: {@code benchmark} alone, one fork on the chosen JVM with its flags,
     * then {@code extraJvmArgs}, then JFR recording into {@code jfr} with {@code settings}; profiled into
     * {@code stacksDir} when this runner profiles.
     */
    List<String> command(String benchmark, List<String> extraJvmArgs, Path settings, Path jfr, Path stacksDir) {
        List<String> forkArgs = new ArrayList<>(extraJvmArgs);
        forkArgs.add("-XX:StartFlightRecording:filename=" + jfr + ",settings=" + settings);
        List<String> cmd = new ArrayList<>(jvm.jmhCommand(benchmarksJar));
        cmd.addAll(List.of("^" + benchmark.replace(".", "\\.") + "$", "-f", "1", "-foe", "true"));
        if (quick) {
            // one-second warm-up iterations: on a busy 2-core machine C2 may not reach the stub within less
            cmd.addAll(List.of("-wi", "3", "-w", "1s", "-i", "2", "-r", "500ms"));
        } else {
            cmd.addAll(List.of("-wi", "5", "-w", "1s", "-i", "5", "-r", "1s"));
        }
        // the smallest size of every parameterised call-path benchmark (ignored by benchmarks without it)
        cmd.addAll(List.of("-p", "size=1", "-p", "n=1"));
        cmd.addAll(jvm.jmhForkOptions(forkArgs));
        if (profiler != null) {
            cmd.addAll(List.of("-prof", profiler.jmhProfilerOption(event, stacksDir)));
        }
        return cmd;
    }

    /** The one {@code collapsed-<event>.csv} JMH's async profiler left for the run, or null. */
    private Path collapsedStacks(Path stacksDir) throws IOException {
        if (!Files.isDirectory(stacksDir)) {
            return null;
        }
        try (Stream<Path> files = Files.walk(stacksDir)) {
            return files.filter(f -> f.getFileName().toString().equals("collapsed-" + event.name() + ".csv"))
                    .findFirst().orElse(null);
        }
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }
}
