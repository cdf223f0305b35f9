package org.jitdispatch.perf.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.perf.inlining.InlineVerdict;

/** A report's {@code inlining.json} (the verdicts of {@code report}'s inlining runs), read strictly. */
final class InlineVerdicts {
    private static final String EXPECTED = "a report's inlining.json";

    private InlineVerdicts() {
    }

    static List<InlineVerdict> read(Path file) throws IOException {
        JsonNode root = JsonInput.read(file, EXPECTED);
        if (!root.isArray()) {
            throw new IOException(file + ": not " + EXPECTED + " (expected an array of verdicts)");
        }
        List<InlineVerdict> out = new ArrayList<>();
        int index = 0;
        for (JsonNode v : root) {
            index++;
            if (!v.path("benchmark").isTextual() || !v.path("inlined").isBoolean()) {
                throw new IOException(file + ": verdict #" + index + " has no \"benchmark\" name and \"inlined\" flag");
            }
            List<String> chain = new ArrayList<>();
            v.path("chain").forEach(link -> chain.add(link.asText()));
            out.add(new InlineVerdict(v.get("benchmark").asText(), v.get("inlined").asBoolean(), chain,
                    text(v, "failedLink"), text(v, "failedEdge"), text(v, "reason"), v.path("compileId").asInt(0),
                    v.path("negativeControl").asBoolean(false)));
        }
        return out;
    }

    private static String text(JsonNode v, String field) {
        JsonNode n = v.path(field);
        return n.isTextual() ? n.asText() : null;
    }
}
