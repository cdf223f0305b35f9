package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.jitdispatch.perf.report.AsyncProfilerLibrary;
import org.jitdispatch.perf.report.SamplingEvent;

/**
 * Runs one benchmark of the JMH jar in its own process (JMH forks it once more) with the JIT's inlining
 * decisions recorded by JFR and, when given a profiler, its samples with async-profiler's frame
 * annotations; returns both.
 */
public final class BenchmarkProcess {
    /** What one run left: the JFR recording, and the collapsed stacks when profiled (else null). */
    public record Recorded(Path jfr, Path collapsedStacks) {
    }

    private final Path benchmarksJar;
    private final Path workDir;
    private final boolean quick;
    private final AsyncProfilerLibrary profiler;
    private final SamplingEvent event;

    public BenchmarkProcess(Path benchmarksJar, Path workDir, boolean quick) {
        this(benchmarksJar, workDir, quick, null, null);
    }

    private BenchmarkProcess(Path benchmarksJar, Path workDir, boolean quick, AsyncProfilerLibrary profiler,
                             SamplingEvent event) {
        this.benchmarksJar = benchmarksJar;
        this.workDir = workDir;
        this.quick = quick;
        this.profiler = profiler;
        this.event = event;
    }

    /** The same runs with async-profiler sampling {@code event} during the measurement iterations. */
    public BenchmarkProcess profiledWith(AsyncProfilerLibrary lib, SamplingEvent samplingEvent) {
        return new BenchmarkProcess(benchmarksJar, workDir, quick, lib, samplingEvent);
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
        List<String> jvmArgs = new ArrayList<>(extraJvmArgs);
        jvmArgs.add("-XX:StartFlightRecording:filename=" + jfr + ",settings=" + settings);
        List<String> cmd = new ArrayList<>(List.of(javaBinary(), "-jar", benchmarksJar.toString(),
                "^" + benchmark.replace(".", "\\.") + "$", "-f", "1", "-foe", "true"));
        if (quick) {
            // one-second warm-up iterations: on a busy 2-core machine C2 may not reach the stub within less
            cmd.addAll(List.of("-wi", "3", "-w", "1s", "-i", "2", "-r", "500ms"));
        } else {
            cmd.addAll(List.of("-wi", "5", "-w", "1s", "-i", "5", "-r", "1s"));
        }
        // the smallest size of every parameterised call-path benchmark (ignored by benchmarks without it)
        cmd.addAll(List.of("-p", "size=1", "-p", "n=1"));
        cmd.add("-jvmArgsAppend");
        cmd.add(String.join(" ", jvmArgs));
        Path stacksDir = workDir.resolve(label + "-async");
        if (profiler != null) {
            deleteRecursively(stacksDir);
            cmd.addAll(List.of("-prof", profiler.jmhProfilerOption(event, stacksDir)));
        }
        Path log = workDir.resolve(label + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = p.waitFor();
        if (code != 0 || !Files.exists(jfr)) {
            throw new IOException("benchmark " + benchmark + " failed (exit " + code + "); see " + log);
        }
        return new Recorded(jfr, profiler == null ? null : collapsedStacks(stacksDir));
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

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
