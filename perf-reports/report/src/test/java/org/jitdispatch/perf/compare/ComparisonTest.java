package org.jitdispatch.perf.compare;

import static org.jitdispatch.perf.compare.JmhFixtures.avgt;
import static org.jitdispatch.perf.compare.JmhFixtures.thrpt;
import static org.jitdispatch.perf.compare.JmhFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The noise-aware verdicts per benchmark, for time per op (lower is better) and throughput (higher is better). */
class ComparisonTest {
    @TempDir
    Path dir;

    private Map<String, String> verdicts(Path before, Path after) throws IOException {
        Map<String, String> verdicts = new LinkedHashMap<>();
        new Comparison(JmhResult.read(before), JmhResult.read(after)).rows()
                .forEach(r -> verdicts.put(r.key(), r.verdict()));
        return verdicts;
    }

    @Test
    void averageTimeChangesBeyondTheConfidenceIntervalsAreCalledOthersAreNoise() throws IOException {
        Path before = write(dir, "before.json", avgt("direct", 100, 5, 1328), avgt("spunCallSite", 100, 10, 1328),
                avgt("boxed", 200, 10, 1760));
        Path after = write(dir, "after.json", avgt("direct", 80, 2, 1328), avgt("spunCallSite", 105, 10, 1328),
                avgt("boxed", 260, 10, 1800));
        assertEquals(Map.of(JmhFixtures.key("direct"), "faster", JmhFixtures.key("spunCallSite"), "within noise",
                JmhFixtures.key("boxed"), "slower"), verdicts(before, after));
    }

    @Test
    void forThroughputHigherIsBetter() throws IOException {
        Path before = write(dir, "before.json", thrpt("direct", 50, 1, 0), thrpt("boxed", 50, 1, 0));
        Path after = write(dir, "after.json", thrpt("direct", 40, 1, 0), thrpt("boxed", 60, 1, 0));
        assertEquals(Map.of(JmhFixtures.key("direct"), "slower", JmhFixtures.key("boxed"), "faster"),
                verdicts(before, after));
        Comparison.Row slower = new Comparison(JmhResult.read(before), JmhResult.read(after)).rows().get(0);
        assertEquals(0.25, slower.slowdown(), 1e-12, "50 -> 40 ops/us takes 25% longer per op");
    }

    @Test
    void withoutAnErrorEstimateAChangeIsTakenAtFaceValue() throws IOException {
        Path before = write(dir, "before.json", avgt("direct", 100, Double.NaN, 0));
        Path after = write(dir, "after.json", avgt("direct", 110, Double.NaN, 0));
        assertEquals(Map.of(JmhFixtures.key("direct"), "slower (no error estimate)"), verdicts(before, after));
    }

    @Test
    void benchmarksInOnlyOneRunAreListedApart() throws IOException {
        Path before = write(dir, "b.json", avgt("direct", 1, 0.1, 0), avgt("boxed", 1, 0.1, 0));
        Path after = write(dir, "a.json", avgt("direct", 1, 0.1, 0), avgt("spunCallSite", 1, 0.1, 0));
        Comparison c = new Comparison(JmhResult.read(before), JmhResult.read(after));
        assertEquals(1, c.rows().size());
        assertEquals(java.util.List.of(JmhFixtures.key("boxed")), c.onlyBefore());
        assertEquals(java.util.List.of(JmhFixtures.key("spunCallSite")), c.onlyAfter());
    }

    @Test
    void runsInDifferentUnitsCannotBeCompared() throws IOException {
        Path before = write(dir, "b.json", avgt("direct", 1, 0.1, 0));
        Path after = write(dir, "a.json", thrpt("direct", 1, 0.1, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new Comparison(JmhResult.read(before), JmhResult.read(after)));
        assertTrue(e.getMessage().contains("is in ns/op before and in ops/us after"), e.getMessage());
    }
}
