package org.jitdispatch.perf.report;

import static org.jitdispatch.perf.report.EstimateTest.result;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jitdispatch.perf.compare.JmhResult;
import org.jitdispatch.perf.report.FloorTargets.Measure;
import org.jitdispatch.perf.report.FloorTargets.Target;
import org.jitdispatch.perf.report.FloorTargets.Verdict;
import org.junit.jupiter.api.Test;

/** The floors and loops each op is divided by, the targets that apply where, and their verdicts. */
class FloorTargetsTest {
    private static final Target ADD_FLOOR = new Target("add", 1, Measure.FLOOR, 2.5);
    private static final Target ADD_OUT_BYTES = new Target("addOut", FloorTargets.EVERY_SIZE, Measure.BYTES, 0);

    @Test
    void eachOpHasTheFloorOfItsKindAndSomeAPlainLoop() {
        for (String op : List.of("add", "mul", "mulByZeroDim", "sum", "mean", "empty", "view", "transpose", "mm2x2",
                "autogradStep")) {
            assertEquals("floorAdd", FloorTargets.floorOf(op), op);
        }
        assertEquals("floorAddInto", FloorTargets.floorOf("addOut"));
        assertEquals("floorAddInto", FloorTargets.floorOf("addInplace"));
        assertEquals("loopAdd", FloorTargets.loopOf("add"));
        assertEquals("loopAddInto", FloorTargets.loopOf("addOut"));
        assertEquals("loopSum", FloorTargets.loopOf("sum"));
        assertNull(FloorTargets.loopOf("mul"));
    }

    private static String targets(String op, int size) {
        return FloorTargets.targetsFor(op, size).stream().map(Target::text).collect(Collectors.joining(", "));
    }

    @Test
    void theTargetsApplyWhereTheIssueSetsThem() {
        assertEquals("≤ 2.5× floorAdd, ≤ 320 B/op", targets("add", 1));
        assertEquals("≤ 2.5× floorAdd, ≤ 320 B/op", targets("mul", 1));
        assertEquals("", targets("add", 64));
        assertEquals("≤ 1.2× loopAdd", targets("add", 4096));
        assertEquals("≤ 3× floorAddInto, 0 B/op", targets("addOut", 1));
        assertEquals("≤ 3× floorAddInto, 0 B/op, ≤ 1.1× loopAddInto", targets("addOut", 4096));
        assertEquals("≤ 3× floorAddInto, 0 B/op", targets("addInplace", 64));
        assertEquals("≤ 2× loopSum", targets("sum", 64));
        assertEquals("", targets("sum", 1));
        assertEquals("≤ 120 B/op", targets("view", 1));
        assertEquals("≤ 120 B/op", targets("transpose", 4096));
        assertEquals("", targets("mean", 1));
        assertEquals("", targets("mulByZeroDim", 1));
    }

    @Test
    void verdictsFollowTheEstimateUnlessItIsUnreliable() {
        Estimate floor = Estimate.score(result("floorAdd", 16, 1));
        Estimate under = Estimate.score(result("add", 39, 3)).over(floor, "add", "floorAdd");
        Estimate over = Estimate.score(result("add", 41, 3)).over(floor, "add", "floorAdd");
        Estimate noisy = Estimate.score(result("add", 30, 20)).over(floor, "add", "floorAdd");
        assertEquals(Verdict.MET, FloorTargets.verdict(ADD_FLOOR, under, null, null));
        assertEquals(Verdict.MISSED, FloorTargets.verdict(ADD_FLOOR, over, null, null));
        assertEquals(Verdict.UNRELIABLE, FloorTargets.verdict(ADD_FLOOR, noisy, null, null));
        assertEquals(Verdict.NOT_MEASURED, FloorTargets.verdict(ADD_FLOOR, null, null, null));
        Estimate exactly = Estimate.score(result("add", 40, 1)).over(floor, "add", "floorAdd");
        assertEquals(Verdict.MET, FloorTargets.verdict(ADD_FLOOR, exactly, null, null), "at most means at most");
    }

    @Test
    void zeroBytesPerOpToleratesJmhsBookkeeping() {
        assertEquals(Verdict.MET, FloorTargets.verdict(ADD_OUT_BYTES, null, null,
                Estimate.bytesPerOp(result("addOut", 20, 1, 0.0004, 0.0006))));
        assertEquals(Verdict.MISSED, FloorTargets.verdict(ADD_OUT_BYTES, null, null,
                Estimate.bytesPerOp(result("addOut", 20, 1, 24.001, 0.001))));
        assertEquals(Verdict.NOT_MEASURED, FloorTargets.verdict(ADD_OUT_BYTES, null, null,
                Estimate.bytesPerOp(new JmhResult("addOut", 20, 19, 21, "ns/op", Double.NaN))));
        Target view = new Target("view", FloorTargets.EVERY_SIZE, Measure.BYTES, 120);
        assertEquals(Verdict.MET, FloorTargets.verdict(view, null, null, Estimate.bytesPerOp(result("view", 9, 1, 120.002, 0.003))));
        assertEquals(Verdict.MISSED, FloorTargets.verdict(view, null, null, Estimate.bytesPerOp(result("view", 9, 1, 128, 0.003))));
    }

    @Test
    void rowsDivideEachOpByItsFloorAndLoopAndJudgeItsTargets() {
        Map<String, JmhResult> run = Map.of(
                "floorAdd", result("floorAdd", 16, 1, 144, 0.001),
                "floorAddInto", result("floorAddInto", 5, 0.5, 0, 0.0001),
                "loopAdd", result("loopAdd", 8, 0.4, 24, 0.001),
                "loopAddInto", result("loopAddInto", 2, 0.1, 0, 0.0001),
                "add", result("add", 32, 2, 136, 0.001),
                "addOut", result("addOut", 20, 12, 0, 0.0001),
                "view", result("view", 9, 1, 168, 0.001));
        Map<String, FloorSection.Row> rows = FloorSection.rows(1, run).stream()
                .collect(Collectors.toMap(FloorSection.Row::op, r -> r));
        assertEquals(List.of("add", "view", "addOut"), FloorSection.rows(1, run).stream().map(FloorSection.Row::op).toList(),
                "the ops the run has, in table order; the yardsticks are no rows of their own");

        FloorSection.Row add = rows.get("add");
        assertEquals(2.0, add.toFloor().value(), 1e-12);
        assertEquals(2.0 * Math.hypot(2.0 / 32, 1.0 / 16), add.toFloor().error(), 1e-12);
        assertEquals(4.0, add.toLoop().value(), 1e-12);
        assertEquals(List.of(Verdict.MET, Verdict.MET), add.targets().stream().map(FloorSection.Judged::verdict).toList());

        FloorSection.Row addOut = rows.get("addOut");
        assertEquals("floorAddInto", addOut.floor());
        assertEquals(4.0, addOut.toFloor().value(), 1e-12);
        assertEquals(List.of(Verdict.UNRELIABLE, Verdict.MET), addOut.targets().stream().map(FloorSection.Judged::verdict)
                .toList(), "its time is unreliable (60%), its B/op is not");

        FloorSection.Row view = rows.get("view");
        assertNull(view.loop());
        assertNull(view.toLoop());
        assertEquals(List.of(Verdict.MISSED), view.targets().stream().map(FloorSection.Judged::verdict).toList());
    }
}
