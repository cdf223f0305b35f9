package org.jitdispatch.perf.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.jitdispatch.perf.compare.JmhResult;

/**
 * Instructions and cycles per operation, from the secondary metrics of JMH's {@code -prof perfnorm}.
 */
public record PerOpCounters(double instructions, double cycles) {

    /** By benchmark key; benchmarks measured without perfnorm are absent. */
    public static Map<String, PerOpCounters> read(Path resultsJson) throws IOException {
        Map<String, PerOpCounters> out = new LinkedHashMap<>();
        for (JsonNode b : new ObjectMapper().readTree(resultsJson.toFile())) {
            JsonNode metrics = b.path("secondaryMetrics");
            JsonNode instructions = event(metrics, "instructions");
            JsonNode cycles = event(metrics, "cycles");
            if (instructions != null && cycles != null) {
                out.put(JmhResult.key(b), new PerOpCounters(instructions.path("score").asDouble(),
                        cycles.path("score").asDouble()));
            }
        }
        return out;
    }

    /** The metric of a perf event, named plainly or with perf's modifier ({@code cycles:u}); null if absent. */
    private static JsonNode event(JsonNode metrics, String name) {
        for (var it = metrics.fields(); it.hasNext(); ) {
            var e = it.next();
            if (e.getKey().equals(name) || e.getKey().startsWith(name + ":")) {
                return e.getValue();
            }
        }
        return null;
    }
}
