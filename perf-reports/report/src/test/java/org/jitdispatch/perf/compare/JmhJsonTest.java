package org.jitdispatch.perf.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A file that is no JMH result is one message naming the file and, where there is one, the entry or line. */
class JmhJsonTest {
    @TempDir
    Path dir;

    private String error(String name, String text) throws IOException {
        Path file = Files.writeString(dir.resolve(name), text);
        return assertThrows(IOException.class, () -> JmhResult.read(file)).getMessage();
    }

    @Test
    void wrongShapesNameTheFileAndTheEntry() throws IOException {
        Path f = dir.resolve("x.json");
        assertEquals(f + ": not a JMH JSON result (expected an array of benchmarks)", error("x.json", "{\"a\": 1}"));
        assertEquals(f + ": no benchmarks in it (an empty JMH run?)", error("x.json", "[]"));
        assertEquals(f + ": benchmark #1 is not a JMH result (expected an object with \"benchmark\" and"
                + " \"primaryMetric\")", error("x.json", "[1]"));
        assertEquals(f + ": benchmark 'B.c' (#1) has no primaryMetric", error("x.json", "[{\"benchmark\": \"a.B.c\"}]"));
        assertEquals(f + ": benchmark 'B.c' (#1): primaryMetric.score is not a number: \"fast\"",
                error("x.json", "[{\"benchmark\": \"a.B.c\", \"primaryMetric\": {\"score\": \"fast\"}}]"));
        assertEquals(f + ": benchmark 'B.c' (#1): primaryMetric has no scoreUnit",
                error("x.json", "[{\"benchmark\": \"a.B.c\", \"primaryMetric\": {\"score\": 1}}]"));
        String twice = JmhFixtures.avgt("direct", 1, 0.1, 0);
        assertEquals(f + ": benchmark '" + JmhFixtures.key("direct") + "' appears twice",
                error("x.json", "[" + twice + "," + twice + "]"));
    }

    @Test
    void emptyMalformedAndMissingFilesAreNamed() throws IOException {
        Path f = dir.resolve("x.json");
        assertEquals(f + ": the file is empty (expected JMH's JSON result, written with -rf json -rff FILE)",
                error("x.json", ""));
        String syntax = error("x.json", "[\n{\"benchmark\": }\n]");
        assertTrue(syntax.startsWith(f + ":2:15: not valid JSON (expected JMH's JSON result"), syntax);
        String deep = error("x.json", "[".repeat(5000));
        assertEquals(f + ": not valid JSON (expected JMH's JSON result, written with -rf json -rff FILE): Document"
                + " nesting depth (1001) exceeds the maximum allowed (1000)", deep);
        IOException missing = assertThrows(IOException.class, () -> JmhResult.read(dir.resolve("none.json")));
        assertEquals(dir.resolve("none.json") + ": no such file (expected JMH's JSON result, written with -rf json"
                + " -rff FILE)", missing.getMessage());
        IOException noResults = assertThrows(IOException.class, () -> JmhResult.read(dir));
        assertTrue(noResults.getMessage().startsWith(dir + ": a directory without results.json"), noResults.getMessage());
    }

    @Test
    void jmhsNaNStringsAreRead() throws IOException {
        Path file = JmhFixtures.write(dir, "x.json", JmhFixtures.avgt("direct", 5, Double.NaN, Double.NaN));
        JmhResult r = JmhResult.read(file).get(JmhFixtures.key("direct"));
        assertEquals(5, r.score());
        assertTrue(Double.isNaN(r.error()) && !r.hasConfidenceInterval() && Double.isNaN(r.allocNorm()));
    }
}
