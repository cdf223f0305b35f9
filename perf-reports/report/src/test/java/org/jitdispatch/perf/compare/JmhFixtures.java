package org.jitdispatch.perf.compare;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Small JMH JSON result files in the shape JMH writes them (only the fields compare reads, plus a few). */
public final class JmhFixtures {
    private JmhFixtures() {
    }

    /** An average-time entry (ns/op) of AddCallPathBenchmark with size=1; NaN alloc for a run without -prof gc. */
    public static String avgt(String method, double score, double error, double allocNorm) {
        return entry(method, "avgt", "ns/op", score, error, allocNorm);
    }

    /** A throughput entry (ops/us): higher is better. */
    public static String thrpt(String method, double score, double error, double allocNorm) {
        return entry(method, "thrpt", "ops/us", score, error, allocNorm);
    }

    public static String entry(String method, String mode, String unit, double score, double error, double allocNorm) {
        String err = Double.isNaN(error) ? "\"NaN\"" : num(error);
        String ci = Double.isNaN(error) ? "[\"NaN\", \"NaN\"]" : "[" + num(score - error) + ", " + num(score + error) + "]";
        String alloc = Double.isNaN(allocNorm) ? "" : ", \"secondaryMetrics\": {\"gc.alloc.rate.norm\": {\"score\": "
                + num(allocNorm) + ", \"scoreError\": 0.01, \"scoreUnit\": \"B/op\"}}";
        return "{\"jmhVersion\": \"1.37\", \"benchmark\": \"org.jitdispatch.bench.AddCallPathBenchmark." + method
                + "\", \"mode\": \"" + mode + "\", \"params\": {\"size\": \"1\"}, \"primaryMetric\": {\"score\": "
                + num(score) + ", \"scoreError\": " + err + ", \"scoreConfidence\": " + ci + ", \"scoreUnit\": \"" + unit
                + "\"}" + alloc + "}";
    }

    public static Path write(Path dir, String name, String... entries) throws IOException {
        return Files.writeString(dir.resolve(name), "[\n" + String.join(",\n", entries) + "\n]\n");
    }

    /** The key compare gives a fixture entry. */
    public static String key(String method) {
        return "AddCallPathBenchmark." + method + " size=1";
    }

    private static String num(double v) {
        return String.format(Locale.ROOT, "%s", v);
    }
}
