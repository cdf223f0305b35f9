package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jitdispatch.perf.warmup.WarmupFixtures;
import org.jitdispatch.perf.warmup.WarmupResult;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

class WarmupChartSvgTest {
    private static final String SVG = "http://www.w3.org/2000/svg";

    /** 10 s: a ramp to 1M ops/s by 2 s, a dip at 5 s; deoptimizations in three intervals. */
    private static WarmupResult run() {
        double[] ops = new double[40];
        int[] deopts = new int[40];
        for (int i = 0; i < 40; i++) {
            ops[i] = i < 8 ? 1_000_000.0 * (i + 1) / 8 : 1_000_000;
        }
        ops[20] = 300_000;
        deopts[1] = 5;
        deopts[2] = 1;
        deopts[20] = 2;
        return WarmupFixtures.synthetic(ops, deopts, 1_000_000.0, 1.75, 0.3, 5.0, 1);
    }

    private static Document parse(String svg) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        return f.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<Element> withClass(Document d, String tag, String cls) {
        List<Element> out = new ArrayList<>();
        NodeList all = d.getElementsByTagNameNS(SVG, tag);
        for (int i = 0; i < all.getLength(); i++) {
            Element e = (Element) all.item(i);
            if (List.of(e.getAttribute("class").split(" ")).contains(cls)) {
                out.add(e);
            }
        }
        return out;
    }

    @Test
    void isValidSvgWithTheCurveSteadyTheMarkAndTheDeoptimizations() throws Exception {
        WarmupResult r = run();
        String svg = WarmupChartSvg.render("warm-up <JDK 17> & more", r);
        Document d = parse(svg);   // well-formed XML, or this throws
        Element root = d.getDocumentElement();
        assertEquals("svg", root.getLocalName());
        assertEquals(SVG, root.getNamespaceURI());
        assertEquals("chart warmup", root.getAttribute("class"));
        assertTrue(svg.contains("warm-up &lt;JDK 17&gt; &amp; more"), "the title is escaped");

        List<Element> curve = withClass(d, "polyline", "throughput");
        assertEquals(1, curve.size());
        assertEquals(2 * 40, curve.get(0).getAttribute("points").trim().split("\\s+").length, "a step per interval");

        List<Element> steady = withClass(d, "line", "steady");
        assertEquals(1, steady.size());
        assertTrue(steady.get(0).hasAttribute("stroke-dasharray"), "steady is dashed");
        assertEquals(steady.get(0).getAttribute("y1"), steady.get(0).getAttribute("y2"), "steady is horizontal");
        assertEquals(1, withClass(d, "line", "floor").size(), "half of steady, the dip target");

        List<Element> mark = withClass(d, "line", "mark");
        assertEquals(1, mark.size());
        assertEquals(mark.get(0).getAttribute("x1"), mark.get(0).getAttribute("x2"), "the mark is vertical");
        // 2 s of 10 s along the plot's width (70 to 570 px)
        assertEquals(70 + 500 * 0.2, Double.parseDouble(mark.get(0).getAttribute("x1")), 0.1);
        assertTrue(svg.contains(">2 s</text>"));

        List<Element> bars = withClass(d, "rect", "deopt");
        assertEquals(3, bars.size(), "one bar per interval with deoptimizations");
        double tallest = bars.stream().mapToDouble(b -> Double.parseDouble(b.getAttribute("height"))).max().orElseThrow();
        assertEquals(Double.parseDouble(bars.get(0).getAttribute("height")), tallest, "5 deoptimizations: the tallest bar");

        assertEquals(1, withClass(d, "circle", "reached").size(), "the time to steady is marked");
        NodeList titles = d.getElementsByTagNameNS(SVG, "title");
        assertEquals(40 + 1, titles.getLength(), "a hover title per interval, and the reached marker's");
        boolean dipTitle = false;
        for (int i = 0; i < titles.getLength(); i++) {
            dipTitle |= titles.item(i).getTextContent().startsWith("5.00–5.25 s: 300,000 ops/s (0.30x steady), 2 deoptimizations");
        }
        assertTrue(dipTitle, "the dip's interval says what it was");
    }

    @Test
    void aRunWithoutSteadyOrDeoptimizationsStillDraws() throws Exception {
        WarmupResult r = WarmupFixtures.synthetic(new double[] {0, 0}, new int[] {0, 0}, null, null, null, null, 0);
        Document d = parse(WarmupChartSvg.render("empty", r));
        assertEquals(0, withClass(d, "line", "steady").size());
        assertEquals(0, withClass(d, "rect", "deopt").size());
        assertEquals(1, withClass(d, "polyline", "throughput").size());
        String svg = WarmupChartSvg.render("empty", r);
        assertTrue(!svg.contains("NaN") && !svg.contains("Infinity"), svg);
    }

    @Test
    void axisLabelsAreShort() {
        assertEquals("2.5M", WarmupChartSvg.compact(2_500_000));
        assertEquals("750k", WarmupChartSvg.compact(750_000));
        assertEquals("0", WarmupChartSvg.compact(0));
        assertEquals(4_000_000, WarmupChartSvg.niceCeiling(3_100_000));
        assertEquals(1_000_000, WarmupChartSvg.niceCeiling(1_000_000));
        assertEquals(150, WarmupChartSvg.niceCeiling(101));
    }
}
