package org.jitdispatch.perf.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
    /** A JMH JSON entry in the shape JMH writes it (only the fields read). */
    private static String entry(String method, String size, double score, double lo, double hi, double alloc) {
        return "{\"benchmark\":\"org.jitdispatch.bench.AddCallPathBenchmark." + method + "\",\"mode\":\"avgt\","
                + "\"params\":{\"size\":\"" + size + "\"},"
                + "\"primaryMetric\":{\"score\":" + score + ",\"scoreError\":" + (hi - lo) / 2 + ",\"scoreConfidence\":["
                + lo + "," + hi + "],\"scoreUnit\":\"ns/op\"},"
                + "\"secondaryMetrics\":{\"gc.alloc.rate.norm\":{\"score\":" + alloc + "}}}";
    }

    private static Path write(Path dir, String name, String... entries) throws IOException {
        return Files.writeString(dir.resolve(name), "[" + String.join(",", entries) + "]");
    }

    @Test
    void changesBeyondTheConfidenceIntervalsAreCalledOthersAreNoise(@TempDir Path dir) throws IOException {
        Path before = write(dir, "before.json",
                entry("direct", "1", 100, 95, 105, 1328),
                entry("spunCallSite", "1", 100, 90, 110, 1328),
                entry("boxed", "1", 200, 190, 210, 1760));
        Path after = write(dir, "after.json",
                entry("direct", "1", 80, 78, 82, 1328),
                entry("spunCallSite", "1", 105, 95, 115, 1328),
                entry("boxed", "1", 260, 250, 270, 1800));
        Comparison c = new Comparison(JmhResult.read(before), JmhResult.read(after));
        Map<String, String> verdicts = new java.util.LinkedHashMap<>();
        c.rows().forEach(r -> verdicts.put(r.key(), r.verdict()));
        assertEquals(Map.of("AddCallPathBenchmark.direct size=1", "faster",
                "AddCallPathBenchmark.spunCallSite size=1", "within noise",
                "AddCallPathBenchmark.boxed size=1", "slower"), verdicts);
        assertEquals(0.8, c.rows().get(0).ratio(), 1e-12);
        String table = c.table();
        assertTrue(table.contains("1760→1800"), table);
        assertTrue(table.contains("100.000 ± 5.000 ns/op"), table);
    }

    @Test
    void benchmarksInOnlyOneRunAreListed(@TempDir Path dir) throws IOException {
        Path before = write(dir, "b.json", entry("direct", "1", 1, 1, 1, 0));
        Path after = write(dir, "a.json", entry("direct", "64", 1, 1, 1, 0));
        String table = new Comparison(JmhResult.read(before), JmhResult.read(after)).table();
        assertTrue(table.contains("only in BEFORE: AddCallPathBenchmark.direct size=1"), table);
        assertTrue(table.contains("only in AFTER:  AddCallPathBenchmark.direct size=64"), table);
    }

    @Test
    void somethingElseThanJmhJsonIsAClearError(@TempDir Path dir) throws IOException {
        Path notJmh = Files.writeString(dir.resolve("x.json"), "{\"a\": 1}");
        IOException e = assertThrows(IOException.class, () -> JmhResult.read(notJmh));
        assertTrue(e.getMessage().endsWith("not a JMH JSON result (expected an array of benchmarks)"));
        IOException missing = assertThrows(IOException.class, () -> JmhResult.read(dir.resolve("none")));
        assertTrue(missing.getMessage().contains("no JMH JSON result file"));
    }
}
