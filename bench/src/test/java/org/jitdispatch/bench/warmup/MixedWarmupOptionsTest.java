package org.jitdispatch.bench.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MixedWarmupOptionsTest {
    @Test
    void defaultsAndTheRecordingBesideTheJson() {
        MixedWarmup.Options o = MixedWarmup.Options.parse();
        assertEquals(10, o.seconds());
        assertEquals(250, o.intervalMillis());
        assertEquals(Path.of("warmup.jfr"), o.jfr());
        MixedWarmup.Options p = MixedWarmup.Options.parse("--seconds", "2.5", "--out", "runs/w.json", "--interval-ms", "100");
        assertEquals(2.5, p.seconds());
        assertEquals(100, p.intervalMillis());
        assertEquals(Path.of("runs/w.jfr"), p.jfr());
    }

    @Test
    void badArgumentsAreMessages() {
        assertEquals("--seconds takes a number, not 'ten'",
                assertThrows(IllegalArgumentException.class, () -> MixedWarmup.Options.parse("--seconds", "ten")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> MixedWarmup.Options.parse("--seconds", "0"))
                .getMessage().startsWith("--seconds must be above 0"));
        assertEquals("missing value after --out",
                assertThrows(IllegalArgumentException.class, () -> MixedWarmup.Options.parse("--out")).getMessage());
        assertEquals("unknown option --fast",
                assertThrows(IllegalArgumentException.class, () -> MixedWarmup.Options.parse("--fast", "1")).getMessage());
        assertThrows(IllegalArgumentException.class, () -> MixedWarmup.Options.parse("--seconds", "1", "--interval-ms", "2000"));
    }

    @Test
    void jsonOfNestedValues() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("name", "a \"quoted\"\\ line\n");
        m.put("n", 3);
        m.put("x", 0.1234567);
        m.put("big", 2995048.123);
        m.put("whole", 2.0);
        m.put("nan", Double.NaN);
        m.put("series", List.of(1.5, 2.0));
        m.put("empty", Map.of());
        m.put("list", List.of(Map.of("k", true)));
        String json = Json.write(m);
        assertEquals("""
                {
                  "name": "a \\"quoted\\"\\\\ line\\n",
                  "n": 3,
                  "x": 0.123457,
                  "big": 2995050,
                  "whole": 2,
                  "nan": null,
                  "series": [1.5, 2],
                  "empty": {},
                  "list": [
                    {
                      "k": true
                    }
                  ]
                }
                """, json);
    }
}
