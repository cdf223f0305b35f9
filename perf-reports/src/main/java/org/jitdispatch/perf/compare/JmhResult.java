package org.jitdispatch.perf.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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

    /** Results by key, from a JMH JSON file or a directory holding one named results.json. */
    public static Map<String, JmhResult> read(Path path) throws IOException {
        Path file = Files.isDirectory(path) ? path.resolve("results.json") : path;
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no JMH JSON result file (run JMH with -rf json -rff FILE)");
        }
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        if (!root.isArray()) {
            throw new IOException(file + ": not a JMH JSON result (expected an array of benchmarks)");
        }
        Map<String, JmhResult> out = new LinkedHashMap<>();
        for (JsonNode b : root) {
            JsonNode primary = b.get("primaryMetric");
            JsonNode ci = primary.get("scoreConfidence");
            JsonNode allocMetric = b.path("secondaryMetrics").path("gc.alloc.rate.norm");
            JsonNode alloc = allocMetric.path("score");
            JsonNode allocError = allocMetric.path("scoreError");
            String key = key(b);
            out.put(key, new JmhResult(key, primary.get("score").asDouble(), ci.get(0).asDouble(), ci.get(1).asDouble(),
                    primary.get("scoreUnit").asText(), alloc.isMissingNode() ? Double.NaN : alloc.asDouble(),
                    allocError.isMissingNode() ? Double.NaN : allocError.asDouble()));
        }
        return out;
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
