package org.jitdispatch.perf.report;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * One benchmark's iterations as its fork ran them: the score of every warm-up and measurement iteration
 * (from JMH's output, since JMH's JSON keeps the measurement iterations only), and the deoptimizations JFR
 * recorded in the fork ({@code jdk.Deoptimization}), with HotSpot's reasons. A report keeps them in
 * {@code iterations.json}.
 *
 * @param key              as {@link org.jitdispatch.perf.compare.JmhResult#key} spells it
 * @param unit             the scores' unit
 * @param warmup           the warm-up iterations' scores, in order (every fork's, one after the other)
 * @param measurement      the measurement iterations' scores
 * @param deoptimizations  deoptimizations in the benchmark's forks, or null when not recorded
 * @param deoptReasons     their count by HotSpot's reason ({@code class_check}, {@code unstable_if}, ...)
 */
public record BenchmarkIterations(String key, String unit, List<Double> warmup, List<Double> measurement,
                                  Integer deoptimizations, Map<String, Integer> deoptReasons) {
    public static final String FILE = "iterations.json";

    /** The JFR settings of the report's forks: deoptimizations, and the JVM's start to order the recordings. */
    public static final String JFR_SETTINGS = """
            <?xml version="1.0" encoding="UTF-8"?>
            <configuration version="2.0" label="jitdispatch report deoptimizations">
              <event name="jdk.Deoptimization">
                <setting name="enabled">true</setting>
                <setting name="stackTrace">false</setting>
              </event>
              <event name="jdk.JVMInformation">
                <setting name="enabled">true</setting>
                <setting name="period">beginChunk</setting>
              </event>
            </configuration>
            """;

    private static final Pattern ITERATION = Pattern.compile(
            "^(# Warmup )?Iteration\\s+\\d+:\\s+(.+?)\\s+(\\S+)\\s*$");
    private static final Pattern PARAM = Pattern.compile("(\\w+) = ([^,)]*)");

    public BenchmarkIterations {
        warmup = List.copyOf(warmup);
        measurement = List.copyOf(measurement);
        deoptReasons = deoptReasons == null ? Map.of() : Map.copyOf(deoptReasons);
    }

    /** The deoptimizations of one fork's recording. */
    record ForkDeopts(Instant jvmStart, int count, Map<String, Integer> reasons) {
    }

    /** One fork as JMH's output showed it. */
    record Fork(String key, String unit, List<Double> warmup, List<Double> measurement) {
    }

    /**
     * The forks of JMH's output ({@code jmh.log}: {@code # Benchmark:}, {@code # Parameters:}, {@code # Fork:},
     * then {@code # Warmup Iteration} and {@code Iteration} lines), in the order they ran.
     */
    static List<Fork> forks(List<String> log) {
        List<Fork> forks = new ArrayList<>();
        String benchmark = null;
        Map<String, String> params = new TreeMap<>();
        String unit = null;
        List<Double> warmup = null;
        List<Double> measurement = null;
        for (String line : log) {
            if (line.startsWith("# Benchmark: ")) {
                benchmark = line.substring("# Benchmark: ".length()).trim();
                params = new TreeMap<>();
            } else if (line.startsWith("# Parameters: ")) {
                Matcher m = PARAM.matcher(line.substring("# Parameters: ".length()));
                while (m.find()) {
                    params.put(m.group(1), m.group(2).trim());
                }
            } else if (line.startsWith("# Fork: ") && benchmark != null) {
                warmup = new ArrayList<>();
                measurement = new ArrayList<>();
                unit = null;
                forks.add(new Fork(key(benchmark, params), null, warmup, measurement));
            } else if (warmup != null) {
                Matcher m = ITERATION.matcher(line);
                if (m.matches()) {
                    double score = parse(m.group(2));
                    (m.group(1) != null ? warmup : measurement).add(score);
                    if (unit == null) {
                        unit = m.group(3);
                        Fork last = forks.get(forks.size() - 1);
                        forks.set(forks.size() - 1, new Fork(last.key(), unit, warmup, measurement));
                    }
                }
            }
        }
        return forks;
    }

    /** {@code org.x.AddCallPathBenchmark.direct} with {@code size=1} -> {@code AddCallPathBenchmark.direct size=1}. */
    static String key(String benchmark, Map<String, String> params) {
        StringBuilder key = new StringBuilder(benchmark.substring(benchmark.lastIndexOf('.', benchmark.lastIndexOf('.') - 1) + 1));
        new TreeMap<>(params).forEach((k, v) -> key.append(' ').append(k).append('=').append(v));
        return key.toString();
    }

    /** JMH's printed score: {@code 12.345}, {@code 12,345} in a comma-decimal locale, or NaN ({@code ≈ 10⁻⁴}). */
    private static double parse(String s) {
        String t = s.indexOf('.') < 0 ? s.replace(',', '.') : s.replace(",", "");
        try {
            return Double.parseDouble(t);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /** The deoptimizations of every recording in {@code dir}, ordered by the start of their JVM. */
    static List<ForkDeopts> deopts(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".jfr")).toList();
        }
        List<ForkDeopts> out = new ArrayList<>();
        for (Path f : files) {
            out.add(deoptsOf(f));
        }
        out.sort(Comparator.comparing(ForkDeopts::jvmStart));
        return out;
    }

    private static ForkDeopts deoptsOf(Path jfr) throws IOException {
        Instant start = null;
        int count = 0;
        Map<String, Integer> reasons = new TreeMap<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(jfr)) {
            String type = e.getEventType().getName();
            if (type.equals("jdk.Deoptimization")) {
                count++;
                Object reason = e.hasField("reason") ? e.getValue("reason") : null;
                reasons.merge(reason == null ? "?" : reason.toString(), 1, Integer::sum);
            } else if (type.equals("jdk.JVMInformation") && start == null) {
                start = e.getInstant("jvmStartTime");
            }
        }
        if (start == null) {
            start = Files.getLastModifiedTime(jfr).toInstant();
        }
        return new ForkDeopts(start, count, reasons);
    }

    /**
     * Every benchmark's iterations from JMH's output, with the deoptimizations of the recordings in
     * {@code jfrDir} matched to the forks in the order they ran (one recording a fork). When the numbers of
     * forks and recordings differ, no fork gets a count: a wrong match would be worse than none.
     */
    static List<BenchmarkIterations> collect(List<String> log, Path jfrDir) throws IOException {
        List<Fork> forks = forks(log);
        List<ForkDeopts> deopts = deopts(jfrDir);
        boolean matched = !deopts.isEmpty() && deopts.size() == forks.size();
        Map<String, BenchmarkIterations> byKey = new LinkedHashMap<>();
        for (int i = 0; i < forks.size(); i++) {
            Fork f = forks.get(i);
            ForkDeopts d = matched ? deopts.get(i) : null;
            BenchmarkIterations one = new BenchmarkIterations(f.key(), f.unit() == null ? "" : f.unit(), f.warmup(),
                    f.measurement(), d == null ? null : d.count(), d == null ? Map.of() : d.reasons());
            byKey.merge(f.key(), one, BenchmarkIterations::then);
        }
        return new ArrayList<>(byKey.values());
    }

    /** This fork's iterations followed by {@code next}'s (another fork of the same benchmark). */
    private BenchmarkIterations then(BenchmarkIterations next) {
        List<Double> w = new ArrayList<>(warmup);
        w.addAll(next.warmup);
        List<Double> m = new ArrayList<>(measurement);
        m.addAll(next.measurement);
        Map<String, Integer> reasons = new TreeMap<>(deoptReasons);
        next.deoptReasons.forEach((k, v) -> reasons.merge(k, v, Integer::sum));
        Integer deopts = deoptimizations == null || next.deoptimizations == null ? null
                : deoptimizations + next.deoptimizations;
        return new BenchmarkIterations(key, unit, w, m, deopts, reasons);
    }

    /** The reasons as {@code class_check 3, unstable_if 1}, most frequent first. */
    String describeReasons() {
        return deoptReasons.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()))
                .map(e -> e.getKey() + " " + e.getValue())
                .reduce((a, b) -> a + ", " + b).orElse("");
    }

    static void write(Path reportDir, List<BenchmarkIterations> iterations) throws IOException {
        ReportData.JSON.writeValue(reportDir.resolve(FILE).toFile(), iterations);
    }

    /** A report's iterations by key; empty for a report without them (older reports, say). */
    static Map<String, BenchmarkIterations> read(Path reportDir) {
        Path f = reportDir.resolve(FILE);
        Map<String, BenchmarkIterations> out = new LinkedHashMap<>();
        if (!Files.isRegularFile(f)) {
            return out;
        }
        try {
            for (BenchmarkIterations b : ReportData.JSON.readValue(f.toFile(),
                    new TypeReference<List<BenchmarkIterations>>() { })) {
                out.put(b.key(), b);
            }
        } catch (IOException e) {
            return new LinkedHashMap<>(); // the page shows the rest of the report without them
        }
        return out;
    }
}
