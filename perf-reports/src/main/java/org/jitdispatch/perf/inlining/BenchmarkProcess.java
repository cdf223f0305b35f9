package org.jitdispatch.perf.inlining;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs one benchmark of the JMH jar in its own process (JMH forks it once more) with the JIT's inlining
 * decisions recorded by JFR, and returns the recording.
 */
public final class BenchmarkProcess {
    private final Path benchmarksJar;
    private final Path workDir;
    private final boolean quick;

    public BenchmarkProcess(Path benchmarksJar, Path workDir, boolean quick) {
        this.benchmarksJar = benchmarksJar;
        this.workDir = workDir;
        this.quick = quick;
    }

    /**
     * Runs {@code benchmark} ({@code Class.method}) with extra JVM options for the fork and returns the
     * path of its JFR recording; the JMH output goes to {@code <name>.log} beside it.
     */
    public Path runRecorded(String benchmark, String label, List<String> extraJvmArgs) throws IOException, InterruptedException {
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
        Path log = workDir.resolve(label + ".log");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        int code = p.waitFor();
        if (code != 0 || !Files.exists(jfr)) {
            throw new IOException("benchmark " + benchmark + " failed (exit " + code + "); see " + log);
        }
        return jfr;
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
