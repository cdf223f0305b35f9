package org.jitdispatch.perf.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;

/**
 * One benchmark's result from JMH's JSON output ({@code -rf json}): its score with JMH's 99.9%
 * confidence interval, and the allocation per operation when it ran with {@code -prof gc}.
 *
 * @param key      benchmark name plus its parameters, e.g. {@code AddCallPathBenchmark.direct size=1}
 * @param allocNorm B/op from {@code gc.alloc.rate.norm}, or NaN when not measured
 * @param allocNormError JMH's error of {@code allocNorm} (half its 99.9% confidence interval), or NaN
 */
public record JmhResult(String key, double score, double low, double high, String unit, double allocNorm,
                        double allocNormError) {

    public JmhResult(String key, double score, double low, double high, String unit, double allocNorm) {
        this(key, score, low, high, unit, allocNorm, Double.NaN);
    }

    /** Half of JMH's 99.9% confidence interval of the score (JMH's "error"); NaN when JMH gave none. */
    public double error() {
        return (high - low) / 2;
    }

    /**
     * Whether a lower score is better: time per operation (avgt, sample and ss modes, {@code ns/op} and the
     * like) rather than operations per time (thrpt, {@code ops/s}, {@code ops/us}).
     */
    public boolean lowerIsBetter() {
        return unit.endsWith("/op");
    }

    /** Whether JMH gave a confidence interval (it gives none for a single measurement iteration). */
    public boolean hasConfidenceInterval() {
        return Double.isFinite(low) && Double.isFinite(high);
    }

    /**
     * Results by key, from a JMH JSON file or a directory holding one named results.json.
     *
     * @throws IOException naming the file (and the benchmark entry) when it is not a JMH result
     */
    public static Map<String, JmhResult> read(Path path) throws IOException {
        return JmhJson.read(path);
    }

    /** The key of one benchmark entry of JMH's JSON: class.method followed by its parameters, sorted. */
    public static String key(JsonNode b) {
        String name = b.get("benchmark").asText();
        StringBuilder key = new StringBuilder(name.substring(name.lastIndexOf('.', name.lastIndexOf('.') - 1) + 1));
        Map<String, String> params = new TreeMap<>();
        b.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), e.getValue().asText()));
        params.forEach((k, v) -> key.append(' ').append(k).append('=').append(v));
        return key.toString();
    }
}
