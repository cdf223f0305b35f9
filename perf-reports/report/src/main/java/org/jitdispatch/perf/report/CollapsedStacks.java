package org.jitdispatch.perf.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * async-profiler's collapsed stacks ({@code frame;frame;frame count} per line) as files: where JMH's
 * {@code -prof async} leaves them, and the report's own naming, one file per benchmark key.
 */
public final class CollapsedStacks {
    /** The report keeps each benchmark's stacks in {@code stacks/<file name>}. */
    public static final String DIR = "stacks";

    private CollapsedStacks() {
    }

    /** Total samples in collapsed lines (the count is the last space-separated field). */
    public static long sampleCount(List<String> lines) {
        long total = 0;
        for (String line : lines) {
            int sp = line.lastIndexOf(' ');
            if (sp > 0) {
                total += Long.parseLong(line.substring(sp + 1).trim());
            }
        }
        return total;
    }

    /** The file holding a benchmark's stacks: {@code AddCallPathBenchmark.direct size=1} -> {@code AddCallPathBenchmark.direct-size-1.collapsed}. */
    public static String fileName(String benchmarkKey) {
        return benchmarkKey.replace(' ', '-').replace('=', '-') + ".collapsed";
    }

    /**
     * The benchmark key (as {@code JmhResult} spells it) of one of JMH's per-benchmark profiler
     * directories, e.g. {@code org.jitdispatch.bench.AddCallPathBenchmark.direct-AverageTime-size-1}.
     */
    static String keyOfJmhDir(String dirName) {
        String[] parts = dirName.split("-");
        String name = parts[0];
        int dot = name.lastIndexOf('.', name.lastIndexOf('.') - 1);
        StringBuilder key = new StringBuilder(name.substring(dot + 1));
        Map<String, String> params = new TreeMap<>();
        for (int i = 2; i + 1 < parts.length; i += 2) {   // parts[1] is the mode
            params.put(parts[i], parts[i + 1]);
        }
        params.forEach((k, v) -> key.append(' ').append(k).append('=').append(v));
        return key.toString();
    }

    /**
     * Copies the stacks JMH's async profiler wrote under {@code jmhDir} (one directory per benchmark, a
     * {@code collapsed-<event>.csv} in each) into {@code reportDir/stacks}, named by benchmark key.
     *
     * @return benchmark key -> the copied file
     */
    public static Map<String, Path> collect(Path jmhDir, String event, Path reportDir) throws IOException {
        Map<String, Path> out = new LinkedHashMap<>();
        Path target = reportDir.resolve(DIR);
        Files.createDirectories(target);
        if (!Files.isDirectory(jmhDir)) {
            return out;
        }
        try (Stream<Path> dirs = Files.list(jmhDir)) {
            for (Path d : dirs.sorted().toList()) {
                Path csv = d.resolve("collapsed-" + event + ".csv");
                if (Files.isRegularFile(csv)) {
                    String key = keyOfJmhDir(d.getFileName().toString());
                    Path copy = target.resolve(fileName(key));
                    Files.copy(csv, copy, StandardCopyOption.REPLACE_EXISTING);
                    out.put(key, copy);
                }
            }
        }
        return out;
    }
}
