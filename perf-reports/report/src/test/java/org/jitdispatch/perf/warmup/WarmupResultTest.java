package org.jitdispatch.perf.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WarmupResultTest {
    static Path fixture(String report) throws URISyntaxException {
        return Path.of(WarmupResultTest.class.getResource("/report-fixture/" + report + "/warmup.json").toURI());
    }

    @Test
    void readsARealRun() throws Exception {
        WarmupResult r = WarmupResult.read(fixture("after"));
        assertEquals(WarmupResult.FORMAT, r.format());
        assertTrue(r.workload().operators().size() >= 20, "at least 20 operators");
        assertEquals(List.of("float32", "float64", "int64"), r.workload().dtypes());
        assertEquals(r.intervals().size(), r.intervals().deoptimizations().size());
        assertTrue(r.steadyOpsPerSecond() > 0);
        assertEquals(2, r.targets().size());
        String summary = r.summary();
        assertTrue(summary.contains("steady") && summary.contains("deoptimizations"), summary);
        assertTrue(r.medianCpuShare() > 0 && r.medianCpuShare() <= 1.05, "a share of wall time: " + r.medianCpuShare());
        assertTrue(summary.contains("of the time (median over the intervals"), summary);
    }

    @Test
    void targetsPassAndMiss() {
        double[] ops = new double[40];
        int[] deopts = new int[40];
        WarmupResult good = WarmupFixtures.synthetic(ops, deopts, 100.0, 1.75, 0.9, 3.0, 0);
        assertTrue(good.targets().stream().allMatch(WarmupResult.Target::met));
        assertEquals("PASS", good.targets().get(0).verdict());
        assertEquals("within 20% of steady after 2 s", good.targets().get(0).name());
        assertEquals("no 250 ms interval after 2 s below 0.5x steady", good.targets().get(1).name());
        assertEquals("lowest 0.90x at 3.00 s", good.targets().get(1).detail());

        WarmupResult atTheMark = WarmupFixtures.synthetic(ops, deopts, 100.0, 2.0, 0.5, 3.0, 1);
        assertTrue(atTheMark.targets().stream().allMatch(WarmupResult.Target::met), "2 s and 0.5x are within the targets");

        WarmupResult slow = WarmupFixtures.synthetic(ops, deopts, 100.0, 2.25, 0.49, 7.5, 3);
        assertEquals(List.of("MISS", "MISS"), slow.targets().stream().map(WarmupResult.Target::verdict).toList());
        assertEquals("reached at 2.25 s", slow.targets().get(0).detail());

        WarmupResult shortRun = WarmupFixtures.synthetic(new double[4], new int[4], 100.0, 0.5, null, null, 0);
        assertFalse(shortRun.targets().get(1).met());
        assertTrue(shortRun.targets().get(1).detail().contains("too short"));
        assertTrue(shortRun.summary().contains("lowest after 2 s  no interval"), shortRun.summary());
    }

    @Test
    void aRunThatDidNotSettleSaysSteadyIsAnUnderestimate() {
        WarmupResult r = WarmupFixtures.synthetic(new double[12], new int[12], 100.0, 1.0, 0.9, 2.0, 0);
        WarmupResult unsettled = new WarmupResult(r.format(), r.jvm(), r.startedAt(), r.seconds(), r.intervalMillis(),
                r.workload(), r.steadyOpsPerSecond(), Boolean.FALSE, r.timeToSteadySeconds(), r.markSeconds(),
                r.steadyBand(), r.lowestAfterMarkFraction(), r.lowestAfterMarkAtSeconds(), r.dipsAfterMark(),
                r.intervals(), r.deoptimizations(), r.compilations());
        assertTrue(unsettled.summary().contains("100 ops/s (median of the last third); NOT settled"), unsettled.summary());
        assertTrue(r.targets().stream().allMatch(WarmupResult.Target::met));
        assertEquals(List.of("MISS", "MISS"), unsettled.targets().stream().map(WarmupResult.Target::verdict).toList(),
                "no target is met by a run that did not settle");
        assertEquals("reached at 1.00 s; the run did not settle, so steady is an underestimate",
                unsettled.targets().get(0).detail());
        assertFalse(r.summary().contains("NOT settled"));
        assertTrue(r.summary().contains("longest C2 compilations"), r.summary());
        assertTrue(r.summary().contains(" 700   0.50 s  a.B.loop  65,536 B"), r.summary());
    }

    @Test
    void badFilesAreOneLineMessagesNamingTheFile(@TempDir Path tmp) throws IOException {
        Path missing = tmp.resolve("none.json");
        assertEquals(missing + ": no such warm-up result",
                assertThrows(IOException.class, () -> WarmupResult.read(missing)).getMessage());

        Path notJson = Files.writeString(tmp.resolve("a.json"), "not json at all");
        String m = assertThrows(IOException.class, () -> WarmupResult.read(notJson)).getMessage();
        assertTrue(m.startsWith(notJson + " is not a warm-up result: ") && !m.contains("\n"), m);

        Path otherFormat = Files.writeString(tmp.resolve("b.json"), "{\"format\": 7}");
        assertEquals(otherFormat + " is not a warm-up result: format 7, expected 1",
                assertThrows(IOException.class, () -> WarmupResult.read(otherFormat)).getMessage());

        Path jmh = Files.writeString(tmp.resolve("c.json"), "[{\"benchmark\": \"x\"}]");
        assertTrue(assertThrows(IOException.class, () -> WarmupResult.read(jmh)).getMessage()
                .startsWith(jmh + " is not a warm-up result"));

        String real = Files.readString(fixtureOrFail());
        Path ragged = Files.writeString(tmp.resolve("d.json"), real.replaceFirst("\"deoptimizations\": \\[\\d+, ", "\"deoptimizations\": ["));
        assertEquals(ragged + " is not a warm-up result: the interval series differ in length",
                assertThrows(IOException.class, () -> WarmupResult.read(ragged)).getMessage());
    }

    private static Path fixtureOrFail() {
        try {
            return fixture("after");
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
