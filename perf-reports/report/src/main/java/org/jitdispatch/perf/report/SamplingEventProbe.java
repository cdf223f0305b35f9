package org.jitdispatch.perf.report;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jitdispatch.perf.jvm.BenchmarkJvm;

/**
 * Chooses async-profiler's CPU event: {@code cpu} where perf_events deliver samples, else {@code ctimer},
 * else {@code itimer}. Each candidate is tried on a short busy process with the library attached as an
 * agent; a candidate counts only if the agent loads, warns of nothing and collects samples (containers
 * often let perf_event_open start and then fail per thread). The busy process runs on the benchmarks' JVM
 * with their flags, so the event chosen is one that works there.
 */
public final class SamplingEventProbe {
    private static final List<String> CANDIDATES = List.of("cpu", "ctimer", "itimer");

    private SamplingEventProbe() {
    }

    public static SamplingEvent choose(AsyncProfilerLibrary lib, Path workDir, BenchmarkJvm jvm)
            throws IOException, InterruptedException {
        Files.createDirectories(workDir);
        List<String> refused = new ArrayList<>();
        for (String event : CANDIDATES) {
            String problem = problemWith(event, lib, workDir, jvm);
            if (problem == null) {
                String why = refused.isEmpty()
                        ? event + ": perf_events deliver samples on this machine"
                        : event + " (" + String.join("; ", refused) + ")";
                return new SamplingEvent(event, why);
            }
            refused.add(event + " unusable: " + problem);
        }
        throw new IOException("async-profiler (" + lib.path() + ") cannot sample on this machine: "
                + String.join("; ", refused));
    }

    /** Null when {@code event} works, else what went wrong. */
    private static String problemWith(String event, AsyncProfilerLibrary lib, Path workDir, BenchmarkJvm jvm)
            throws IOException, InterruptedException {
        Path samples = workDir.resolve("probe-" + event + ".collapsed");
        Files.deleteIfExists(samples);
        List<String> cmd = command(jvm, lib, event, samples, ownClassPath());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return "the probe process did not finish";
        }
        String output = new String(out, StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            return "the agent did not load or failed (exit " + p.exitValue() + "): " + firstLine(output);
        }
        for (String line : output.split("\n")) {
            if (line.contains("[WARN]") || line.contains("[ERROR]")) {
                return line.trim();
            }
        }
        long count = Files.exists(samples) ? CollapsedStacks.sampleCount(Files.readAllLines(samples)) : 0;
        return count > 0 ? null : "no samples were collected";
    }

    /** The probe's command line: a busy loop of {@code classPath} on {@code jvm} with the agent sampling {@code event}. */
    static List<String> command(BenchmarkJvm jvm, AsyncProfilerLibrary lib, String event, Path samples, String classPath) {
        List<String> cmd = jvm.command();
        cmd.add("-agentpath:" + lib.path() + "=start,event=" + event + ",interval=1ms,collapsed,file=" + samples);
        cmd.addAll(List.of("-cp", classPath, BusyLoop.class.getName(), "300"));
        return cmd;
    }

    private static String firstLine(String s) {
        String t = s.strip();
        int nl = t.indexOf('\n');
        return nl < 0 ? t : t.substring(0, nl);
    }

    private static String ownClassPath() throws IOException {
        try {
            return Path.of(BusyLoop.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IOException("cannot locate the jitdispatch classes for the profiler probe", e);
        }
    }
}
