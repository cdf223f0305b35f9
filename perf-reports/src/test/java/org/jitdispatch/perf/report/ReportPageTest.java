package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportPageTest {
    private static int count(String html, String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void showsEveryBenchmarkChartVerdictAndFlameGraph() throws IOException {
        ReportData data = ReportData.load(ReportFixtures.dir("after"));
        String html = ReportPage.render(data, null);
        assertEquals(data.results().size(), count(html, "<tr><td>\\w+Benchmark\\.\\w+</td>"), "one row per benchmark");
        assertTrue(html.contains("1.00×"), "the direct call's own ratio");
        assertEquals(1, count(html, "<svg[^>]*class=\"chart\""), "add is measured at several sizes, view at one");
        assertEquals(data.stacks().size(), count(html, "<svg[^>]*class=\"flamegraph\""));
        assertTrue(data.stacks().size() >= 2);
        assertEquals(data.inlining().size(), count(html, "<tr class=\"(ok|bad)\"><td>\\w+Benchmark\\.\\w+</td><td>(inlined|NOT inlined)"));
        assertTrue(html.contains("event " + data.run().event()), "the sampling event is stated");
        assertTrue(html.contains(Html.esc(data.run().countersExplanation())), "why there are no counters");
        assertTrue(html.contains("_[i]") && html.contains("_[j]"), "annotated frames");
        assertFalse(html.contains("id=\"baseline\""), "no baseline section without a baseline");
    }

    @Test
    void aBaselineAddsTheComparisonAndDifferentialFlameGraphs() throws IOException {
        ReportData after = ReportData.load(ReportFixtures.dir("after"));
        ReportData before = ReportData.load(ReportFixtures.dir("before"));
        String html = ReportPage.render(after, before);
        assertTrue(html.contains("id=\"baseline\""));
        assertEquals(after.results().size(), count(html, "<tr class=\"(ok|bad|noise)\"><td>\\w+Benchmark\\.\\w+( \\w+=\\d+)?</td><td class=\"n\">"));
        long common = after.stacks().keySet().stream().filter(before.stacks()::containsKey).count();
        assertTrue(common >= 1);
        assertEquals(common, count(html, "<svg[^>]*class=\"flamegraph diff\""));
        assertTrue(html.contains("against the baseline"));
    }

    @Test
    void countedInstructionsAndCyclesGetTheirColumns() throws IOException {
        ReportData d = ReportData.load(ReportFixtures.dir("after"));
        String key = d.results().keySet().iterator().next();
        ReportData counted = new ReportData(d.dir(), d.run(), d.results(), Map.of(key, new PerOpCounters(1234, 987)),
                d.stacks(), d.inlining(), d.peer());
        String html = ReportPage.render(counted, null);
        assertTrue(html.contains("<th>instructions/op</th><th>cycles/op</th>"));
        assertTrue(html.contains("<td class=\"n\">1,234</td><td class=\"n\">987</td>"));
        assertFalse(ReportPage.render(d, null).contains("<th>instructions/op</th>"));
    }

    @Test
    void theWarmUpRunHasItsSectionChartAndVerdicts() throws IOException {
        ReportData after = ReportData.load(ReportFixtures.dir("after"));
        String html = ReportPage.render(after, null);
        assertTrue(html.contains("<a href=\"#warmup\">") && html.contains("<section id=\"warmup\">"));
        assertEquals(1, count(html, "<svg[^>]*class=\"chart warmup\""));
        assertEquals(2, count(html, "<tr class=\"(ok|bad)\"><td>(within 20% of steady after|lowest interval after 2 s)</td>"));
        assertEquals(2, count(html, "<b>(PASS|MISS)</b>"));
        assertTrue(html.contains("<table class=\"deopts\">"), "the most deoptimized methods");
        assertFalse(html.contains("<th>baseline</th>"));

        String withBaseline = ReportPage.render(after, ReportData.load(ReportFixtures.dir("before")));
        assertTrue(withBaseline.contains("<table class=\"warmup\"><thead><tr><th>measure</th><th>this run</th>"
                + "<th>baseline</th><th>target</th>"));
    }

    @Test
    void aReportWithoutAWarmUpRunSaysSo(@TempDir Path tmp) throws IOException {
        ReportData d = ReportData.load(ReportFixtures.dir("after"));
        ReportData older = new ReportData(tmp, d.run(), d.results(), d.counters(), d.stacks(), d.inlining(), d.peer());
        String html = ReportPage.render(older, null);
        assertTrue(html.contains("<section id=\"warmup\"><h2>Warm-up from a fresh JVM</h2><p>Not measured in this report"));
        assertEquals(0, count(html, "class=\"chart warmup\""));

        Files.writeString(tmp.resolve("warmup.json"), "{\"format\": 1}");
        assertTrue(ReportPage.render(older, null).contains("The warm-up run could not be read: " + tmp.resolve("warmup.json")
                + " is not a warm-up result"));
    }

    @Test
    void thePageFetchesNothing() throws IOException {
        String html = ReportPage.render(ReportData.load(ReportFixtures.dir("after")), ReportData.load(ReportFixtures.dir("before")));
        String withoutSvgNamespace = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        for (String fetch : new String[] {"http://", "https://", " src=", "url(", "@import", "<link rel=\"stylesheet\""}) {
            assertFalse(withoutSvgNamespace.contains(fetch), "the page must be self-contained: found " + fetch);
        }
    }

    /** The fixture's data as if it had run on {@code jvm} (its vm and build) with {@code args}. */
    private static ReportData onJvm(ReportData d, String jvm, String version, String path, List<String> args) {
        RunInfo r = d.run();
        RunInfo run = new RunInfo(r.mode(), r.startedAt(), jvm, version, path, args, r.cores(), r.asyncProfilerVersion(),
                r.event(), r.eventExplanation(), r.hardwareCounters(), r.countersExplanation(), r.jmhCommand());
        return new ReportData(d.dir(), run, d.results(), d.counters(), d.stacks(), d.inlining(), d.peer());
    }

    private static final String TEMURIN_25 = "OpenJDK 64-Bit Server VM Temurin-25.0.3+9 25.0.3+9-LTS";

    @Test
    void theHeaderNamesTheJvmItsPathAndFlags() throws IOException {
        ReportData d = onJvm(ReportData.load(ReportFixtures.dir("after")), TEMURIN_25, "25.0.3",
                "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", List.of("-Xmx2g", "-XX:+UseParallelGC"));
        String html = ReportPage.render(d, null);
        assertTrue(html.contains("<dt>JVM</dt><dd>JDK 25.0.3 (" + TEMURIN_25 + "), 2 cores</dd>"), html);
        assertTrue(html.contains("<dt>java</dt><dd>/usr/lib/jvm/temurin-25-jdk-amd64/bin/java</dd>"));
        assertTrue(html.contains("<dt>JVM flags</dt><dd>-Xmx2g -XX:+UseParallelGC</dd>"));

        String old = ReportPage.render(ReportData.load(ReportFixtures.dir("after")), null);
        assertTrue(old.contains("<dt>JVM</dt><dd>OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1, 2 cores</dd>"),
                "a report from before the JVM's path was kept");
        assertFalse(old.contains("<dt>java</dt>"));
    }

    @Test
    void aBaselineFromAnotherJvmSaysSoInOneLine() throws IOException {
        ReportData before = ReportData.load(ReportFixtures.dir("before"));
        ReportData after = ReportData.load(ReportFixtures.dir("after"));
        assertFalse(ReportPage.render(after, before).contains("class=\"note\""), "the fixtures ran on the same JVM");

        ReportData on25 = onJvm(after, TEMURIN_25, "25.0.3", "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", List.of());
        String html = ReportPage.render(on25, before);
        assertEquals(1, count(html, "<p class=\"note\">"));
        assertTrue(html.contains("<p class=\"note\">Different JVMs: the baseline ran on OpenJDK 64-Bit Server VM"
                + " 17.0.15+6-Debian-1deb12u1, this report on JDK 25.0.3 (" + TEMURIN_25 + "); differences may come"
                + " from the JVM.</p>"), html);

        ReportData withFlags = onJvm(after, after.run().jvm(), "17.0.15", "/usr/bin/java", List.of("-XX:+UseParallelGC"));
        assertTrue(ReportPage.render(withFlags, before).contains("<p class=\"note\">Different JVM flags: the baseline ran"
                + " with no extra flags, this report with -XX:+UseParallelGC; differences may come from the flags.</p>"));
    }

    @Test
    void runDataKeepsTheJvmAndReadsOlderReports(@TempDir Path dir) throws IOException {
        RunInfo old = ReportData.load(ReportFixtures.dir("before")).run();
        assertNull(old.jvmPath());
        assertNull(old.jvmVersion());
        assertEquals(List.of(), old.jvmArgs());

        RunInfo run = onJvm(ReportData.load(ReportFixtures.dir("after")), TEMURIN_25, "25.0.3",
                "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java", List.of("-Xmx2g")).run();
        ReportData.writeRunInfo(dir, run);
        assertEquals(run, ReportData.JSON.readValue(dir.resolve(RunInfo.FILE).toFile(), RunInfo.class));
    }
}
