package org.jitdispatch.perf.compare;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * JMH's JSON result file ({@code -rf json}) read strictly: each benchmark must have the fields the
 * comparison uses, and a file that is not such a result is an IOException that names the file and, for a
 * benchmark entry, which one and what it lacks. JMH writes a missing error estimate (a single
 * iteration) as the string {@code "NaN"}, which is read as NaN.
 */
final class JmhJson {
    static final String EXPECTED = "JMH's JSON result, written with -rf json -rff FILE";

    private JmhJson() {
    }

    /** Results by key, from a JMH JSON file or a (report) directory holding one named results.json. */
    static Map<String, JmhResult> read(Path path) throws IOException {
        Path file = path;
        if (Files.isDirectory(path)) {
            file = path.resolve("results.json");
            if (!Files.isRegularFile(file)) {
                throw new IOException(path + ": a directory without results.json (expected a report directory or "
                        + EXPECTED + ")");
            }
        }
        JsonNode root = JsonInput.read(file, EXPECTED);
        if (!root.isArray()) {
            throw new IOException(file + ": not a JMH JSON result (expected an array of benchmarks)");
        }
        if (root.isEmpty()) {
            throw new IOException(file + ": no benchmarks in it (an empty JMH run?)");
        }
        Map<String, JmhResult> out = new LinkedHashMap<>();
        int index = 0;
        for (JsonNode b : root) {
            index++;
            JmhResult r = entry(file, index, b);
            if (out.put(r.key(), r) != null) {
                throw new IOException(file + ": benchmark '" + r.key() + "' appears twice");
            }
        }
        return out;
    }

    private static JmhResult entry(Path file, int index, JsonNode b) throws IOException {
        if (!b.isObject() || !b.path("benchmark").isTextual()) {
            throw new IOException(file + ": benchmark #" + index + " is not a JMH result (expected an object with"
                    + " \"benchmark\" and \"primaryMetric\")");
        }
        String key = JmhResult.key(b);
        String where = file + ": benchmark '" + key + "' (#" + index + ")";
        JsonNode primary = b.path("primaryMetric");
        if (!primary.isObject()) {
            throw new IOException(where + " has no primaryMetric");
        }
        double score = number(primary.path("score"), where + ": primaryMetric.score");
        String unit = primary.path("scoreUnit").asText("");
        if (unit.isEmpty()) {
            throw new IOException(where + ": primaryMetric has no scoreUnit");
        }
        double low = Double.NaN;
        double high = Double.NaN;
        JsonNode ci = primary.path("scoreConfidence");
        if (!ci.isMissingNode()) {
            if (!ci.isArray() || ci.size() != 2) {
                throw new IOException(where + ": primaryMetric.scoreConfidence is not a [low, high] pair");
            }
            low = number(ci.get(0), where + ": primaryMetric.scoreConfidence[0]");
            high = number(ci.get(1), where + ": primaryMetric.scoreConfidence[1]");
        }
        JsonNode error = primary.path("scoreError");
        if (!error.isMissingNode() && Double.isNaN(number(error, where + ": primaryMetric.scoreError"))) {
            // no error estimate, whatever the interval says: it would otherwise print as "± 0"
            low = Double.NaN;
            high = Double.NaN;
        }
        JsonNode alloc = b.path("secondaryMetrics").path("gc.alloc.rate.norm");
        double allocNorm = alloc.isMissingNode() ? Double.NaN : number(alloc.path("score"),
                where + ": gc.alloc.rate.norm score");
        double allocError = alloc.path("scoreError").isMissingNode() ? Double.NaN : number(alloc.path("scoreError"),
                where + ": gc.alloc.rate.norm scoreError");
        return new JmhResult(key, score, low, high, unit, allocNorm, allocError);
    }

    /** A JSON number, or JMH's "NaN" / "Infinity" strings. */
    private static double number(JsonNode n, String what) throws IOException {
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isTextual()) {
            switch (n.asText()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw new IOException(what + " is " + (n.isMissingNode() ? "missing" : "not a number: " + abbreviate(n.toString())));
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
