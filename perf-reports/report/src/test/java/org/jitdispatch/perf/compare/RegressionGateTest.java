package org.jitdispatch.perf.compare;

import static org.jitdispatch.perf.compare.JmhFixtures.avgt;
import static org.jitdispatch.perf.compare.JmhFixtures.key;
import static org.jitdispatch.perf.compare.JmhFixtures.thrpt;
import static org.jitdispatch.perf.compare.JmhFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every way through the gate: slower, allocating more, inlining lost, and what does not count. */
class RegressionGateTest {
    @TempDir
    Path dir;

    private GateResult judge(String before, String after, GateLimits limits) throws IOException {
        return RegressionGate.judge(ComparedRun.read(write(dir, "before.json", before)),
                ComparedRun.read(write(dir, "after.json", after)), limits);
    }

    private GateResult judge(String before, String after) throws IOException {
        return judge(before, after, GateLimits.DEFAULT);
    }

    private static String verdict(GateResult r) {
        assertEquals(1, r.rows().size());
        return r.rows().get(0).verdict(r.limits());
    }

    @Test
    void averageTimeSlowerBeyondNoiseAndTheLimitFails() throws IOException {
        GateResult r = judge(avgt("direct", 100, 1, 160), avgt("direct", 112.5, 1, 160));
        assertFalse(r.passed());
        assertEquals("REGRESSION: 12.5% slower (limit 5%)", verdict(r));
        assertTrue(r.headline(true).startsWith("FAIL: regressions: 1 slower in 1 benchmark compared"), r.headline(true));
    }

    @Test
    void averageTimeSlowerBeyondNoiseWithinTheLimitPasses() throws IOException {
        GateResult r = judge(avgt("direct", 100, 0.5, 160), avgt("direct", 103, 0.5, 160));
        assertTrue(r.passed());
        assertEquals("slower, within the 5% limit", verdict(r));
        assertTrue(r.headline(true).startsWith("PASS: no regression in 1 benchmark compared"), r.headline(true));
    }

    @Test
    void aSlowdownWithinTheNoisePassesHoweverLarge() throws IOException {
        GateResult r = judge(avgt("direct", 100, 30, 160), avgt("direct", 120, 30, 160));
        assertTrue(r.passed());
        assertEquals("within noise", verdict(r));
    }

    @Test
    void theSlowdownLimitIsAnOption() throws IOException {
        GateResult r = judge(avgt("direct", 100, 1, 160), avgt("direct", 112.5, 1, 160), new GateLimits(15, 0));
        assertTrue(r.passed());
        assertEquals("slower, within the 15% limit", verdict(r));
    }

    @Test
    void throughputFallingBeyondTheLimitFailsAndRisingPasses() throws IOException {
        GateResult fell = judge(thrpt("direct", 50, 0.5, 160), thrpt("direct", 40, 0.5, 160));
        assertFalse(fell.passed());
        assertEquals("REGRESSION: 25.0% slower (limit 5%)", verdict(fell));
        GateResult rose = judge(thrpt("direct", 40, 0.5, 160), thrpt("direct", 50, 0.5, 160));
        assertTrue(rose.passed());
        assertEquals("faster", verdict(rose));
    }

    @Test
    void allocationGrowthFailsEvenWhenTheTimeIsWithinNoise() throws IOException {
        // allocation per op is deterministic: a tripled B/op is a regression, whatever the time's noise
        GateResult r = judge(avgt("direct", 100, 30, 160), avgt("direct", 101, 30, 480));
        assertFalse(r.passed());
        assertEquals("REGRESSION: +320 B/op (limit +0)", verdict(r));
        assertTrue(r.headline(true).contains("1 allocating more"), r.headline(true));
    }

    @Test
    void allocationGrowthWithinItsLimitOrUnderAByteOfHarnessNoisePasses() throws IOException {
        assertTrue(judge(avgt("direct", 100, 1, 160), avgt("direct", 100, 1, 176), new GateLimits(5, 16)).passed());
        GateResult noise = judge(avgt("direct", 100, 1, 1784.0179), avgt("direct", 100, 1, 1784.2451));
        assertTrue(noise.passed(), verdict(noise));
    }

    @Test
    void allocationMeasuredInOneRunOnlyIsNotJudged() throws IOException {
        GateResult r = judge(avgt("direct", 100, 1, Double.NaN), avgt("direct", 100, 1, 4096));
        assertTrue(r.passed());
        assertEquals("-", GateResult.alloc(r.rows().get(0).row(), "→"));
    }

    @Test
    void slowerAndAllocatingMoreAreBothNamed() throws IOException {
        GateResult r = judge(avgt("direct", 100, 1, 160), avgt("direct", 150, 1, 224));
        assertEquals("REGRESSION: 50.0% slower (limit 5%), +64 B/op (limit +0)", verdict(r));
    }

    @Test
    void benchmarksInOnlyOneRunAreListedNotJudged() throws IOException {
        GateResult r = judge(avgt("direct", 100, 1, 160) + "," + avgt("boxed", 100, 1, 160),
                avgt("direct", 100, 1, 160) + "," + avgt("spunCallSite", 900, 1, 9000));
        assertTrue(r.passed());
        assertEquals(List.of(key("boxed")), r.onlyBefore());
        assertEquals(List.of(key("spunCallSite")), r.onlyAfter());
        String table = ComparisonTable.render(r, true);
        assertTrue(table.contains("only in BEFORE: " + key("boxed")), table);
        assertTrue(table.contains("only in AFTER:  " + key("spunCallSite")), table);
    }

    @Test
    void runsWithNoBenchmarkInCommonFail() throws IOException {
        GateResult r = judge(avgt("boxed", 100, 1, 160), avgt("direct", 100, 1, 160));
        assertFalse(r.passed());
        assertEquals("FAIL: the two runs have no benchmark in common, so nothing was compared", r.headline(true));
    }

    @Test
    void aMissingErrorEstimatePrintsAsNaN() throws IOException {
        GateResult r = judge(avgt("direct", 100, Double.NaN, 160), avgt("direct", 100, Double.NaN, 160));
        String table = ComparisonTable.render(r, true);
        assertTrue(table.contains("100.000 ± NaN ns/op"), table);
    }

    private Path report(String name, String results, boolean inlined) throws IOException {
        Path report = Files.createDirectories(dir.resolve(name));
        write(report, "results.json", results);
        Files.writeString(report.resolve("inlining.json"), "[{\"benchmark\": \"AddCallPathBenchmark.spunCallSite\","
                + " \"inlined\": " + inlined + ", \"chain\": [\"AddCallPathBenchmark.spunCallSite\", \"Torch.add\","
                + " \"Site_aten__add_Tensor.call\"], \"failedLink\": " + (inlined ? "null" : "\"Site_aten__add_Tensor.call\"")
                + ", \"failedEdge\": " + (inlined ? "null" : "\"Torch.add -> Site_aten__add_Tensor.call\"")
                + ", \"reason\": " + (inlined ? "null" : "\"too big\"") + ", \"compileId\": 7}]");
        return report;
    }

    @Test
    void inliningLostBetweenTwoReportsFails() throws IOException {
        String results = avgt("spunCallSite", 20, 0.1, 160);
        GateResult r = RegressionGate.judge(ComparedRun.read(report("before", results, true)),
                ComparedRun.read(report("after", results, false)), GateLimits.DEFAULT);
        assertFalse(r.passed());
        assertEquals(1, r.lostInlining().size());
        assertTrue(r.headline(true).contains("1 no longer inlined") && r.headline(true).contains("and their inlining"),
                r.headline(true));
        String markdown = MarkdownSummary.render(r, true);
        assertTrue(markdown.contains("- `AddCallPathBenchmark.spunCallSite`: Site_aten__add_Tensor.call is not inlined"
                + " at Torch.add -> Site_aten__add_Tensor.call (too big)"), markdown);
    }

    @Test
    void inliningGainedOrKeptPasses() throws IOException {
        String results = avgt("spunCallSite", 20, 0.1, 160);
        assertTrue(RegressionGate.judge(ComparedRun.read(report("before", results, false)),
                ComparedRun.read(report("after", results, true)), GateLimits.DEFAULT).passed());
        GateResult files = judge(results, results);
        assertFalse(files.inliningCompared(), "bare JMH files carry no inlining verdicts");
    }

    @Test
    void theMarkdownSummaryHasTheHeadlineAndATableRowPerBenchmark() throws IOException {
        GateResult r = judge(avgt("direct", 100, 1, 160) + "," + avgt("boxed", 200, 1, 1760),
                avgt("direct", 100.5, 1, 160) + "," + avgt("boxed", 300, 1, 1760));
        String md = MarkdownSummary.render(r, true);
        assertTrue(md.startsWith("### jitdispatch compare\n\n**FAIL: regressions: 1 slower in 2 benchmarks compared"), md);
        assertTrue(md.contains("| benchmark | before | after | change | B/op before → after | verdict |\n|---|"), md);
        assertTrue(md.contains("| `" + key("direct") + "` | 100.000 ± 1.000 ns/op | 100.500 ± 1.000 ns/op | +0.5% |"
                + " 160 → 160 | within noise |"), md);
        assertTrue(md.contains("| +50.0% | 1760 → 1760 | **REGRESSION: 50.0% slower (limit 5%)** |"), md);
        assertTrue(MarkdownSummary.render(r, false).contains("**REPORT ONLY: regressions: 1 slower"), md);
    }
}
