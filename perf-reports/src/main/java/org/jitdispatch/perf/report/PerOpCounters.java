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
            JsonNode instructions = metrics.path("instructions").path("score");
            JsonNode cycles = metrics.path("cycles").path("score");
            if (!instructions.isMissingNode() && !cycles.isMissingNode()) {
                out.put(JmhResult.key(b), new PerOpCounters(instructions.asDouble(), cycles.asDouble()));
            }
        }
        return out;
    }
}
