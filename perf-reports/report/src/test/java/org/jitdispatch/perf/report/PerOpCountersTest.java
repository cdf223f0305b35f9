package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PerOpCountersTest {
    private static String entry(String method, String metrics) {
        return "{\"benchmark\":\"org.jitdispatch.bench.AddCallPathBenchmark." + method + "\",\"params\":{\"size\":\"1\"},"
                + "\"primaryMetric\":{\"score\":300,\"scoreConfidence\":[290,310],\"scoreUnit\":\"ns/op\"},"
                + "\"secondaryMetrics\":{" + metrics + "}}";
    }

    @Test
    void readsPerfnormCountersPlainOrWithModifiers(@TempDir Path dir) throws IOException {
        Path json = Files.writeString(dir.resolve("results.json"), "["
                + entry("direct", "\"instructions\":{\"score\":1200.5},\"cycles\":{\"score\":900.25}") + ","
                + entry("spunCallSite", "\"instructions:u\":{\"score\":1300},\"cycles:u\":{\"score\":950}") + ","
                + entry("boxed", "\"gc.alloc.rate.norm\":{\"score\":1760}") + "]");
        Map<String, PerOpCounters> c = PerOpCounters.read(json);
        assertEquals(new PerOpCounters(1200.5, 900.25), c.get("AddCallPathBenchmark.direct size=1"));
        assertEquals(new PerOpCounters(1300, 950), c.get("AddCallPathBenchmark.spunCallSite size=1"));
        assertTrue(!c.containsKey("AddCallPathBenchmark.boxed size=1"), "measured without perfnorm");
    }
}
