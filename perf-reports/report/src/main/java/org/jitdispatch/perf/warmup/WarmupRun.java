package org.jitdispatch.perf.warmup;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Runs the mixed small-op warm-up ({@code org.jitdispatch.bench.warmup.MixedWarmup}, in the JMH jar) in a
 * fresh JVM, which is the whole point: a JVM that has run anything else has warmed up already. Its output
 * goes to a log beside the JSON; the JSON is read back and checked.
 */
public final class WarmupRun {
    public static final String MAIN_CLASS = "org.jitdispatch.bench.warmup.MixedWarmup";
    /** Where a report keeps its warm-up run. */
    public static final String REPORT_FILE = "warmup.json";
    /** How long a report's warm-up runs: the length the targets are stated for. */
    public static final double REPORT_SECONDS = 10;

    private final Path benchmarksJar;
    private final String java;
    private final List<String> jvmArgs;

    /** {@code java} is the java binary of the JVM to measure. */
    public WarmupRun(Path benchmarksJar, String java) {
        this(benchmarksJar, java, List.of());
    }

    /** {@code java} is the java binary of the JVM to measure, started with {@code jvmArgs}. */
    public WarmupRun(Path benchmarksJar, String java, List<String> jvmArgs) {
        this.benchmarksJar = benchmarksJar;
        this.java = java;
        this.jvmArgs = List.copyOf(jvmArgs);
    }

    /** The java binary of the JVM running this code. */
    public static String currentJava() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The java binary that {@code --jvm PATH} names: the binary itself, or a JDK (or JRE) directory with
     * {@code bin/java}.
     */
    public static String javaAt(Path path) throws IOException {
        Path binary = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
        if (!Files.isRegularFile(binary) || !Files.isExecutable(binary)) {
            throw new IOException("--jvm " + path + ": no java executable "
                    + (Files.isDirectory(path) ? "in " + path.resolve("bin") : "there"));
        }
        return binary.toString();
    }

    public List<String> command(double seconds, Path out) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java);
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", benchmarksJar.toString(), MAIN_CLASS,
                "--seconds", String.format(Locale.ROOT, "%s", seconds), "--out", out.toString()));
        return cmd;
    }

    /**
     * Runs for {@code seconds} and returns the result written to {@code out} (the log is {@code out} with
     * {@code .log} for {@code .json}, the JFR recording the same with {@code .jfr}). A run that fails,
     * hangs or writes no valid result is an IOException that quotes the end of the log.
     */
    public WarmupResult run(double seconds, Path out, PrintStream progress) throws IOException, InterruptedException {
        if (!Files.isRegularFile(benchmarksJar)) {
            throw new IOException(benchmarksJar + " not found: build it with mvn -q -pl bench -am package -DskipTests");
        }
        Path dir = out.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Files.deleteIfExists(out);
        String name = out.getFileName().toString();
        Path log = out.resolveSibling((name.endsWith(".json") ? name.substring(0, name.length() - 5) : name) + ".log");
        List<String> cmd = command(seconds, out);
        progress.println("  " + String.join(" ", cmd));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // setup, the recording's parsing and a loaded machine: generous, but a hung run still ends
        long limit = Math.round(seconds) + 180;
        if (!p.waitFor(limit, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
            throw new IOException("the warm-up run did not end within " + limit + " s; see " + log);
        }
        int code = p.exitValue();
        if (code != 0 || !Files.isRegularFile(out)) {
            throw new IOException("the warm-up run failed (exit " + code + "); see " + log + ", which ends:\n  "
                    + String.join("\n  ", tail(log, 6)));
        }
        return WarmupResult.read(out);
    }

    private static List<String> tail(Path log, int n) throws IOException {
        List<String> lines = new String(Files.readAllBytes(log), StandardCharsets.UTF_8).lines().toList();
        return lines.subList(Math.max(0, lines.size() - n), lines.size());
    }
}
