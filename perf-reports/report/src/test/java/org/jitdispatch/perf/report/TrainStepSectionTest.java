package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jitdispatch.perf.compare.JmhResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The training steps beside PyTorch eager, from a real run of both on one machine: the fixture's
 * {@code train-steps.json} (JMH, TrainStepModelsBenchmark with -prof gc) and {@code pytorch-eager.jsonl}
 * (train_step_models.py's output), added to the {@code after} report as {@code report} does.
 */
class TrainStepSectionTest {
    /** The after report with the training steps in its results and, when {@code eager}, the Python run. */
    static ReportData withTrainSteps(Path tmp, boolean eager) throws IOException {
        Path dir = ReportFixtures.copy("after", tmp.resolve("report"));
        if (eager) {
            ReportData.addEagerResults(dir, ReportFixtures.file(EagerStepResults.FILE));
        }
        ReportData d = ReportData.load(dir);
        Map<String, JmhResult> results = new LinkedHashMap<>(d.results());
        results.putAll(JmhResult.read(ReportFixtures.file("train-steps.json")));
        return new ReportData(d.dir(), d.run(), results, d.counters(), d.stacks(), d.inlining(), d.peer(), d.eager());
    }

    @Test
    void everyModelAndBatchHasBothTimesTheSpeedUpAndItsVerdict(@TempDir Path tmp) throws IOException {
        ReportData data = withTrainSteps(tmp, true);
        List<TrainStepSection.Row> rows = TrainStepSection.rows(data);
        assertEquals(List.of("mlp 1", "mlp 8", "mlp 64", "cnn 1", "cnn 8", "cnn 64", "transformer 1", "transformer 8",
                "transformer 64"), rows.stream().map(r -> r.model() + " " + r.batch()).toList());
        String html = TrainStepSection.render(data);
        for (TrainStepSection.Row r : rows) {
            assertTrue(r.ours() != null && r.eager() != null, r.model() + " " + r.batch());
            double expected = r.eager().usPerStep() / r.ours().score(); // the fixture's JMH unit is us/op
            assertEquals(expected, r.speedUp().value(), 1e-9 * expected);
            assertTrue(r.speedUp().error() > 0);
            assertTrue(html.contains(r.speedUp().ratioText()), r.speedUp().ratioText());
            // the fixture ran on a machine loaded far beyond its cores, so its ratios may be unreliable
            FloorTargets.Verdict expectedVerdict = r.speedUp().isUnreliable() ? FloorTargets.Verdict.UNRELIABLE
                    : expected >= TrainStepTargets.speedUp(r.batch()) ? FloorTargets.Verdict.MET
                    : FloorTargets.Verdict.MISSED;
            assertEquals(expectedVerdict, r.verdict(), r.model() + " " + r.batch());
            assertTrue(html.contains("<tr data-model=\"" + r.model() + "\" data-batch=\"" + r.batch() + "\" data-kernels=\"default\">"));
            assertTrue(Double.isFinite(r.ours().allocNorm()), "B/step from -prof gc");
        }
        assertTrue(html.contains("5× as fast: <b>") && html.contains("3× as fast: <b>") && html.contains("no slower: <b>"));
        long unreliable = rows.stream().filter(r -> r.verdict() == FloorTargets.Verdict.UNRELIABLE).count();
        assertEquals(unreliable, html.split("<div class=\"verdict unreliable\" title=\"").length - 1,
                "an unreliable verdict says why on hover");
        assertTrue(html.contains("PyTorch 1.13"), "the eager run's version");
        assertFalse(html.contains("not measured in this report"));
        assertTrue(ReportPage.render(data, null).contains("<section id=\"train-steps\">"));
    }

    /** A run with -p capability=default,vector: each kernel set its own row, against the same PyTorch step. */
    @Test
    void theVectorKernelsGetRowsOfTheirOwnAgainstTheSamePyTorchStep(@TempDir Path tmp) throws IOException {
        ReportData d = withTrainSteps(tmp, true);
        Map<String, JmhResult> results = new LinkedHashMap<>(d.results());
        results.put("TrainStepModelsBenchmark.step batch=8 capability=vector model=cnn",
                new JmhResult("TrainStepModelsBenchmark.step batch=8 capability=vector model=cnn", 390, 380, 400, "us/op",
                        2_276_725));
        ReportData data = new ReportData(d.dir(), d.run(), results, d.counters(), d.stacks(), d.inlining(), d.peer(),
                d.eager());
        List<TrainStepSection.Row> rows = TrainStepSection.rows(data);
        assertEquals(10, rows.size());
        TrainStepSection.Row scalar = rows.get(4);
        TrainStepSection.Row vector = rows.get(5);
        assertEquals("cnn 8 default", scalar.model() + " " + scalar.batch() + " " + scalar.kernels());
        assertEquals("cnn 8 vector", vector.model() + " " + vector.batch() + " " + vector.kernels());
        assertSame(scalar.eager(), vector.eager(), "both against the same PyTorch step");
        assertEquals(vector.eager().usPerStep() / 390, vector.speedUp().value(), 1e-9);
        String html = TrainStepSection.render(data);
        assertTrue(html.contains("<tr data-model=\"cnn\" data-batch=\"8\" data-kernels=\"vector\">"), html);
    }

    @Test
    void withoutThePythonRunTheSectionSaysSoAndHowToGetIt(@TempDir Path tmp) throws IOException {
        ReportData data = withTrainSteps(tmp, false);
        String html = TrainStepSection.render(data);
        assertTrue(html.contains("PyTorch eager: not measured in this report") && html.contains("--python-results FILE")
                && html.contains("bench/python/train_step_models.py"), html);
        List<TrainStepSection.Row> rows = TrainStepSection.rows(data);
        assertEquals(9, rows.size(), "our steps are still shown");
        assertTrue(rows.stream().allMatch(r -> r.speedUp() == null && r.verdict() == FloorTargets.Verdict.NOT_MEASURED));
        assertTrue(html.contains("<td>not measured</td>"));
    }

    @Test
    void withNeitherSideTheSectionSaysWhatToRun() throws IOException {
        String html = TrainStepSection.render(ReportData.load(ReportFixtures.dir("after")));
        assertTrue(html.contains("Not measured in this report") && html.contains("TrainStepModelsBenchmark")
                && html.contains("--python-results FILE"), html);
    }

    @Test
    void thePythonRunAloneIsShownWithoutRatios(@TempDir Path tmp) throws IOException {
        Path dir = ReportFixtures.copy("after", tmp.resolve("report"));
        ReportData.addEagerResults(dir, ReportFixtures.file(EagerStepResults.FILE));
        ReportData data = ReportData.load(dir);
        assertEquals(9, data.eager().size(), "load reads the kept copy");
        String html = TrainStepSection.render(data);
        assertTrue(html.contains("jitdispatch: not measured in this report") && html.contains("not in this run"), html);
        assertTrue(TrainStepSection.rows(data).stream().allMatch(r -> r.ours() == null && r.speedUp() == null));
    }

    @Test
    void theTargetsAreFiveTimesAtBatchOneThreeAtEightAndNoSlowerAtSixtyFour() {
        assertEquals(FloorTargets.Verdict.MET, TrainStepTargets.verdict(1, new Estimate(5.2, 0.3, null)));
        assertEquals(FloorTargets.Verdict.MISSED, TrainStepTargets.verdict(1, new Estimate(4.9, 0.3, null)));
        assertEquals(FloorTargets.Verdict.MET, TrainStepTargets.verdict(8, new Estimate(3.0, 0.3, null)));
        assertEquals(FloorTargets.Verdict.MISSED, TrainStepTargets.verdict(64, new Estimate(0.95, 0.01, null)));
        assertEquals(FloorTargets.Verdict.MET, TrainStepTargets.verdict(64, new Estimate(1.0, 0.01, null)));
        assertEquals(FloorTargets.Verdict.UNRELIABLE, TrainStepTargets.verdict(8, new Estimate(9, 5, "noisy")));
        assertEquals(FloorTargets.Verdict.NOT_MEASURED, TrainStepTargets.verdict(16, new Estimate(9, 1, null)));
        assertEquals(FloorTargets.Verdict.NOT_MEASURED, TrainStepTargets.verdict(1, null));
        assertEquals("5× as fast", TrainStepTargets.text(1));
        assertEquals("no slower", TrainStepTargets.text(64));
    }

    @Test
    void ourTimeIsReadInMicrosecondsWhateverTheUnit() {
        JmhResult ns = new JmhResult("TrainStepModelsBenchmark.step batch=1 model=mlp", 16000, 15000, 17000, "ns/op", 100);
        Estimate us = TrainStepSection.microseconds(ns);
        assertEquals(16, us.value(), 1e-12);
        assertEquals(1, us.error(), 1e-12);
        assertNull(us.unreliable());
    }
}
