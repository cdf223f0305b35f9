package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.jitdispatch.perf.compare.JmhResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PyTorch peer section: the peer run beside our spun call site of the same operator and size. */
class PeerSectionTest {
    private static Path peerFixture() {
        return ReportFixtures.dir("after").getParent().resolve(PeerSection.FILE);
    }

    /** A copy of the {@code after} fixture report with the peer run added, as {@code report --peer-results} does. */
    private static ReportData withPeer(Path tmp) throws IOException {
        Path dir = tmp.resolve("report");
        Path from = ReportFixtures.dir("after");
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = dir.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(f, to);
                }
            }
        }
        ReportData.addPeerResults(dir, peerFixture());
        return ReportData.load(dir);
    }

    @Test
    void eachPeerBenchmarkSitsBesideOurSpunCallSiteWithTheRatio(@TempDir Path tmp) throws IOException {
        ReportData data = withPeer(tmp);
        String html = PeerSection.render(data);
        JmhResult peer = data.peer().get("PyTorchPeerBenchmark.add size=1");
        JmhResult ours = data.results().get("AddCallPathBenchmark.spunCallSite size=1");
        String row = "<tr><td>add</td><td>size=1</td><td class=\"n\">" + Html.num(peer.score()) + " ns/op</td>";
        assertTrue(html.contains(row), html);
        assertTrue(html.contains(String.format(Locale.ROOT, "%.2f×", peer.score() / ours.score())));
        assertTrue(html.contains("<td>mm</td><td>n=8</td>") && html.contains("not in this run"),
                "a peer operator the run did not measure says so");
        assertEquals(4, html.split("<tr><td>").length - 1, "one row per peer benchmark");
        assertTrue(ReportPage.render(data, null).contains("id=\"pytorch\""));
    }

    @Test
    void withoutAPeerRunTheSectionSaysHowToGetOne() throws IOException {
        String html = PeerSection.render(ReportData.load(ReportFixtures.dir("after")));
        assertTrue(html.contains("Not measured in this report") && html.contains("bench/pytorch-peer.sh"), html);
    }

    @Test
    void aFileThatIsNoJmhRunIsRefused(@TempDir Path tmp) throws IOException {
        Path notJmh = Files.writeString(tmp.resolve("x.json"), "{\"a\": 1}");
        IOException e = assertThrows(IOException.class, () -> ReportData.addPeerResults(tmp, notJmh));
        assertTrue(e.getMessage().contains("not a JMH JSON result"), e.getMessage());
    }

    @Test
    void oursIsTheSpunCallSiteOfTheSameOperatorAndParameters() {
        assertEquals("MmCallPathBenchmark.spunCallSite n=8", PeerSection.oursFor(BenchmarkKey.parse("PyTorchMmPeerBenchmark.mm n=8")));
        assertEquals("EmptyCallPathBenchmark.spunCallSite size=64",
                PeerSection.oursFor(BenchmarkKey.parse("PyTorchPeerBenchmark.empty size=64")));
    }

    @Test
    void theCallPathPeersAndTheSizeScalingRunShareAReport(@TempDir Path tmp) throws IOException {
        Path dir = ReportFixtures.copy("after", tmp.resolve("report"));
        ReportData.addPeerResults(dir, java.util.List.of(peerFixture(), ReportFixtures.file("size-scaling.json")));
        ReportData data = ReportData.load(dir);
        assertEquals(JmhResult.read(peerFixture()).size() + JmhResult.read(ReportFixtures.file("size-scaling.json")).size(),
                data.peer().size());
        assertEquals(4, PeerSection.render(data).split("<tr><td>").length - 1, "the call-path peers in their table");
        assertEquals(48, SizeScalingSection.rows(data).size(), "the large ops in theirs");
    }

    @Test
    void aPeerBenchmarkGivenTwiceNamesBothFiles(@TempDir Path tmp) throws IOException {
        Path dir = ReportFixtures.copy("after", tmp.resolve("report"));
        IOException e = assertThrows(IOException.class,
                () -> ReportData.addPeerResults(dir, java.util.List.of(peerFixture(), peerFixture())));
        assertTrue(e.getMessage().contains("is also in " + peerFixture()), e.getMessage());
    }
}
