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
        long inBoth = after.results().keySet().stream().filter(before.results()::containsKey).count();
        assertTrue(inBoth < after.results().size(), "the small ops are in the fixture's after run only");
        assertEquals(inBoth, count(html, "<tr class=\"(ok|bad|noise)\"><td>\\w+Benchmark\\.\\w+( \\w+=\\d+)?</td><td class=\"n\">"));
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
    void everyBenchmarkHasItsIterationsChartWithDeoptimizationsAndTheUnreliableMark(@TempDir Path tmp) throws IOException {
        ReportData d = ReportData.load(ReportFixtures.dir("after"));
        ReportData withIterations = new ReportData(tmp, d.run(), d.results(), d.counters(), d.stacks(), d.inlining(), d.peer());
        assertFalse(ReportPage.render(withIterations, null).contains("id=\"iterations\""), "none without iterations.json");
        assertFalse(ReportPage.render(withIterations, null).contains("<th>deopts</th>"));

        String unreliable = "AddCallPathBenchmark.boxed size=1";
        String reliable = "AddCallPathBenchmark.direct size=1";
        assertTrue(d.results().containsKey(unreliable) && d.results().containsKey(reliable));
        BenchmarkIterations.write(tmp, List.of(
                new BenchmarkIterations(unreliable, "ns/op", List.of(900.0, 120.0, 60.0), List.of(40.0, 1600.0, 38.0),
                        3, Map.of("class_check", 2, "unstable_if", 1)),
                new BenchmarkIterations(reliable, "ns/op", List.of(50.0, 11.0), List.of(10.0, 10.5), 0, Map.of())));
        String html = ReportPage.render(withIterations, null);
        String results = html.substring(html.indexOf("<section id=\"results\">"), html.indexOf("<section id=\"floor\">"));
        assertTrue(results.contains("<h3 id=\"iterations\">"), results);
        assertEquals(2, count(results, "<figure class=\"iterations"), "a chart per benchmark with iterations");
        assertEquals(3 + 3 + 2 + 2, count(results, "<circle class=\"(warmup|measurement)\""), "a point per iteration");
        assertEquals(5, count(results, "<circle class=\"warmup\""));
        assertTrue(results.contains("<figure class=\"iterations unreliable\">"), "the unreliable score's chart");
        assertTrue(results.contains("<code>" + unreliable + "</code> <span class=\"mark\" title=\"unreliable: "), results);
        assertTrue(results.contains("<span title=\"class_check 2, unstable_if 1\">3 deoptimizations</span>"), results);
        assertTrue(results.contains("<th>deopts</th>"));
        assertTrue(results.contains("<td class=\"n\" title=\"class_check 2, unstable_if 1\">3</td>"), results);
        assertEquals(d.results().size(), count(html, "<tr><td>\\w+Benchmark\\.\\w+</td>"), "still one row per benchmark");
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

    /** The fixture's data with other load averages. */
    private static ReportData withLoad(ReportData d, Double before, Double after) {
        return new ReportData(d.dir(), d.run().withLoadAverages(before, after), d.results(), d.counters(), d.stacks(),
                d.inlining(), d.peer());
    }

    @Test
    void aBusyMachineIsNamedAtTheTopOfTheResultsWithItsLoad() throws IOException {
        ReportData after = ReportData.load(ReportFixtures.dir("after"));
        assertTrue(after.run().busy(), "the fixture ran at a load average of 3.75 and 5.03 on 2 cores");
        String html = ReportPage.render(after, null);
        String results = html.substring(html.indexOf("<section id=\"results\">"));
        assertTrue(results.startsWith("<section id=\"results\"><h2>Time and allocation per operation</h2>"
                + "<p class=\"note busy\"><b>The machine was busy</b> while the benchmarks ran: its 1-minute load average"
                + " was 3.75 before the benchmarks, 5.03 after, on 2 CPUs, above the number of CPUs."), results);
        assertTrue(html.contains("<dt>load average (1 min)</dt><dd>3.75 before the benchmarks, 5.03 after, on 2 CPUs: busy</dd>"));

        assertTrue(withLoad(after, 2.5, 1.2).run().busy(), "busy before is busy");
        assertTrue(withLoad(after, null, 2.01).run().busy(), "busy after is busy");
        ReportData quiet = withLoad(after, 1.9, 2.0);
        assertFalse(quiet.run().busy(), "a load average of the number of CPUs is not above it");
        String quietHtml = ReportPage.render(quiet, null);
        assertFalse(quietHtml.contains("note busy"));
        assertTrue(quietHtml.contains("<p class=\"load\">1-minute load average: 1.90 before the benchmarks, 2.00 after,"
                + " on 2 CPUs (not busy).</p>"));

        ReportData older = ReportData.load(ReportFixtures.dir("before"));
        assertNull(older.run().loadAverageBefore());
        assertFalse(older.run().busy(), "an unknown load is no busy machine");
        String olderHtml = ReportPage.render(older, null);
        assertFalse(olderHtml.contains("note busy") || olderHtml.contains("class=\"load\"")
                || olderHtml.contains("load average (1 min)"));
    }

    @Test
    void unreliableScoresAreGreyedAndMarkedInTheResultsTable() throws IOException {
        ReportData after = ReportData.load(ReportFixtures.dir("after"));
        String html = ReportPage.render(after, null);
        String results = html.substring(html.indexOf("<section id=\"results\">"), html.indexOf("<section id=\"floor\">"));
        // AddCallPathBenchmark.boxed size=1: 798 ± 2447 ns/op, and its ratio to direct (1241 ± 20133) with it
        assertTrue(results.contains("<tr><td>AddCallPathBenchmark.boxed</td><td>size=1</td><td class=\"n unreliable\""
                + " title=\"unreliable: its error (± 2,447 ns/op) is 306.7% of it; from 50% on, a number is not a"
                + " measurement to rely on\">798 ns/op <span class=\"mark\">unreliable</span></td>"), results);
        assertTrue(results.contains("<td class=\"n unreliable\" title=\"unreliable: built from two unreliable scores,"
                + " boxed&#39;s and direct&#39;s\">0.64× <span class=\"mark\">unreliable</span></td></tr>"), results);
        // SmallOpsBenchmark.addOut size=1: 16.4 ± 2.44 ns/op stands, and is printed plainly
        assertTrue(results.contains("<tr><td>SmallOpsBenchmark.addOut</td><td>size=1</td><td class=\"n\">16.4 ns/op</td>"
                + "<td class=\"n\">2.44</td><td class=\"n\">0.00</td><td class=\"n\">-</td></tr>"), results);
        long unreliable = after.results().values().stream().filter(r -> Estimate.score(r).isUnreliable()).count();
        assertTrue(unreliable > 0 && unreliable < after.results().size());
        assertEquals(unreliable, count(results, "<tr><td>\\w+Benchmark\\.\\w+</td><td>[^<]*</td><td class=\"n unreliable\""));
    }

    @Test
    void theFloorSectionHasATablePerSizeWithRatiosTargetsAndMarks() throws IOException {
        ReportData after = ReportData.load(ReportFixtures.dir("after"));
        String html = ReportPage.render(after, null);
        assertTrue(html.contains("<a href=\"#floor\">against the floor</a>"));
        String floor = html.substring(html.indexOf("<section id=\"floor\">"), html.indexOf("<section id=\"charts\">"));
        assertTrue(floor.contains("<h2>The whole op against the JVM floor</h2>"));
        assertEquals(List.of("1", "64", "4096"), Pattern.compile("<table class=\"floor\" data-size=\"(\\d+)\">")
                .matcher(floor).results().map(m -> m.group(1)).toList());
        assertEquals(12 + 12 + 2, count(floor, "<tr class=\"op\">"), "every op at 1 and 64, add and addOut at 4096");
        assertEquals(5 + 5 + 4, count(floor, "<tr class=\"yardstick\">"));

        // addOut at 1 element: 16.4 ± 2.44 over floorAddInto's unreliable 8.60 ± 10.1
        assertTrue(floor.contains("<tr class=\"op\"><td>addOut</td><td class=\"n\">16.4 ± 2.44 ns/op</td>"
                + "<td class=\"n\">0.00</td><td class=\"n unreliable\" title=\"unreliable: built from floorAddInto&#39;s"
                + " unreliable score: its error (± 10.1 ns/op) is 117.7% of it;"), floor);
        assertTrue(floor.contains("<div class=\"verdict met\">0 B/op: <b>met</b></div>"));
        assertTrue(floor.contains("<div class=\"verdict unreliable\" title=\"built from floorAddInto&#39;s unreliable"
                + " score"));
        // view allocates 152 B/op against a target of 120: missed whatever the time's noise
        assertEquals(2, count(floor, "<div class=\"verdict missed\">≤ 120 B/op: <b>missed</b></div>"), "view at 1 and 64");
        assertEquals(2, count(floor, "<div class=\"verdict met\">≤ 120 B/op: <b>met</b></div>"), "transpose at 1 and 64");
        // addOut at 4096: 1773 ± 647 ns/op, 11× the plain loop's 158 ± 28
        assertTrue(floor.contains("<div class=\"verdict missed\">≤ 1.1× loopAddInto: <b>missed</b></div>"), floor);
        assertTrue(floor.contains("<td class=\"n\">11.25× ± 4.57 <small>loopAddInto</small></td>"), floor);
    }

    @Test
    void aReportWithoutSmallOpsSaysTheFloorWasNotMeasured() throws IOException {
        String html = ReportPage.render(ReportData.load(ReportFixtures.dir("before")), null);
        assertTrue(html.contains("<section id=\"floor\"><h2>The whole op against the JVM floor</h2><p>Not measured in"
                + " this report: it ran no <code>SmallOpsBenchmark</code>.</p></section>"));
    }
}
