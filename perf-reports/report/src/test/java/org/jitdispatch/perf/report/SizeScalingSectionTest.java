package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jitdispatch.perf.compare.JmhResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The large ops beside their plain loops and libtorch, from a real side-by-side run
 * ({@code bench/pytorch-peer.sh --size-scaling}, the fixture's {@code size-scaling.json}) kept as the peer run
 * of the {@code after} report, as {@code report --peer-results} keeps it.
 */
class SizeScalingSectionTest {
    private static final Pattern FIGURE = Pattern.compile("<figure data-op=\"(\\w+)\">(.*?)</figure>");

    private static ReportData withScalingRun(Path tmp) throws IOException {
        Path dir = ReportFixtures.copy("after", tmp.resolve("report"));
        ReportData.addPeerResults(dir, ReportFixtures.file("size-scaling.json"));
        return ReportData.load(dir);
    }

    @Test
    void everyOpSizeAndThreadCountHasTheThreeImplementationsAndTheirRatios(@TempDir Path tmp) throws IOException {
        ReportData data = withScalingRun(tmp);
        List<SizeScalingSection.Row> rows = SizeScalingSection.rows(data);
        assertEquals(SizeScalingSection.OPS.size() * 3 * 2, rows.size(), "8 ops at 3 sizes on 1 and all threads");
        String html = SizeScalingSection.render(data);
        for (SizeScalingSection.Row r : rows) {
            assertEquals(3, r.results().size(), r.op() + " " + r.n() + " " + r.threads());
            JmhResult ours = r.results().get(SizeScalingSection.Impl.JITDISPATCH);
            double toLibtorch = ours.score() / r.results().get(SizeScalingSection.Impl.LIBTORCH).score();
            assertEquals(toLibtorch, r.toLibtorch().value(), 1e-9 * toLibtorch);
            double toLoop = ours.score() / r.results().get(SizeScalingSection.Impl.LOOP).score();
            assertEquals(toLoop, r.toLoop().value(), 1e-9 * toLoop);
            assertTrue(html.contains(r.toLibtorch().ratioText()) && html.contains(r.toLoop().ratioText()));
        }
        assertEquals(List.of(64, 256, 1024), rows.stream().filter(r -> r.op().equals("mm") && r.threads().equals("1"))
                .map(SizeScalingSection.Row::n).toList(), "n ascending");
        assertEquals(List.of("1", "all"), rows.stream().filter(r -> r.op().equals("add") && r.n() == 64)
                .map(SizeScalingSection.Row::threads).toList());
        assertTrue(html.contains("<td>add_out</td>"), "the op as PyTorch names it");
        assertFalse(html.contains("not measured"));
    }

    @Test
    void eachOpGetsALogLogChartWithALinePerImplementationAndThreadCount(@TempDir Path tmp) throws IOException {
        String html = SizeScalingSection.render(withScalingRun(tmp));
        Matcher m = FIGURE.matcher(html);
        int charts = 0;
        while (m.find()) {
            assertEquals(SizeScalingSection.OPS.get(charts), m.group(1), "one chart per op, in order");
            String svg = m.group(2);
            assertTrue(svg.contains("ns/op against n") && svg.contains("(log scale)"));
            for (String impl : List.of("jitdispatch", "Java loop", "libtorch")) {
                assertTrue(svg.contains("data-name=\"" + impl + ", 1 thread\""), impl);
                assertTrue(svg.contains("data-name=\"" + impl + ", all threads\""), impl);
            }
            assertEquals(6, count(svg, "<polyline"), "six lines");
            assertEquals(3, count(svg, "<polyline[^>]*stroke-dasharray"), "all threads dashed");
            assertEquals(18, count(svg, "<circle"), "a point per size and line");
            assertEquals(2, count(svg, "stroke=\"" + SizeScalingSection.Impl.LIBTORCH.color + "\" stroke-width=\"2\""),
                    "libtorch has its colour in every chart");
            charts++;
        }
        assertEquals(SizeScalingSection.OPS.size(), charts);
    }

    @Test
    void theCallPathPeerSectionLeavesTheLargeOpsToTheirOwn(@TempDir Path tmp) throws IOException {
        ReportData data = withScalingRun(tmp);
        String peer = PeerSection.render(data);
        assertTrue(peer.contains("has only the large ops") && !peer.contains("<table"), peer);
        String page = ReportPage.render(data, null);
        assertTrue(page.contains("<section id=\"scaling\">") && page.contains("<a href=\"#scaling\">"));
    }

    @Test
    void oursAloneAreDrawnAndTheMissingPeerIsNamed(@TempDir Path tmp) throws IOException {
        ReportData d = ReportData.load(ReportFixtures.dir("after"));
        Map<String, JmhResult> results = new LinkedHashMap<>(d.results());
        JmhResult.read(ReportFixtures.file("size-scaling.json")).forEach((k, v) -> {
            if (k.startsWith(SizeScalingSection.OURS + ".")) {
                results.put(k, v);
            }
        });
        ReportData ours = new ReportData(d.dir(), d.run(), results, d.counters(), d.stacks(), d.inlining(), d.peer());
        String html = SizeScalingSection.render(ours);
        assertTrue(html.contains("libtorch: not measured in this report") && html.contains("--size-scaling"), html);
        Matcher m = FIGURE.matcher(html);
        assertTrue(m.find());
        assertEquals(4, count(m.group(2), "<polyline"));
        SizeScalingSection.Row first = SizeScalingSection.rows(ours).get(0);
        assertNotNull(first.toLoop());
        assertEquals(null, first.toLibtorch());
    }

    @Test
    void withoutTheRunTheSectionSaysHowToGetIt() throws IOException {
        String html = SizeScalingSection.render(ReportData.load(ReportFixtures.dir("after")));
        assertTrue(html.contains("Not measured in this report") && html.contains("bench/pytorch-peer.sh --size-scaling"));
    }

    @Test
    void namesOfOpsAndLoops() {
        assertEquals("loopAddOut", SizeScalingSection.loopOf("addOut"));
        assertEquals("add_out", SizeScalingSection.opName("addOut"));
        assertEquals("softmax", SizeScalingSection.opName("softmax"));
        assertEquals("all threads", SizeScalingSection.threadsText("all"));
    }

    private static int count(String s, String regex) {
        Matcher m = Pattern.compile(regex).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    @Test
    void thePageSaysWhatRanTheMatrixProducts() {
        RunInfo forcedJava = new RunInfo("quick", "2026-11-26T00:00:00Z", "OpenJDK", "17", "/usr/bin/java",
                List.of("-Xmx2g", "-Djitdispatch.blas=java"), 2, "4.1", "itimer", "", false, "", "");
        assertEquals("java (-Djitdispatch.blas=java)", SizeScalingSection.blas(forcedJava));
        RunInfo plain = new RunInfo("quick", "2026-11-26T00:00:00Z", "OpenJDK", "17", "/usr/bin/java", List.of(), 2,
                "4.1", "itimer", "", false, "", "");
        assertEquals(org.jitdispatch.kernels.cpu.NativeBlas.describe(), SizeScalingSection.blas(plain),
                "the benchmark JVMs chose as this JVM does");
        RunInfo jdk25 = new RunInfo("quick", "2026-11-26T00:00:00Z", "OpenJDK", "25.0.1", "/opt/jdk-25/bin/java",
                List.of(), 2, "4.1", "itimer", "", false, "", "");
        assertTrue(SizeScalingSection.blas(jdk25).startsWith("java (Java 25.0.1 restricts native access"),
                SizeScalingSection.blas(jdk25));
        RunInfo jdk25Allowed = new RunInfo("quick", "2026-11-26T00:00:00Z", "OpenJDK", "25.0.1", "/opt/jdk-25/bin/java",
                List.of("--enable-native-access=ALL-UNNAMED"), 2, "4.1", "itimer", "", false, "", "");
        assertEquals(org.jitdispatch.kernels.cpu.NativeBlas.describe(), SizeScalingSection.blas(jdk25Allowed));
    }
}
