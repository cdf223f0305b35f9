package org.jitdispatch.bench.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jitdispatch.bench.warmup.WarmupSummary.Interval;
import org.junit.jupiter.api.Test;

/** The summary of made-up warm-up curves: 250 ms intervals with chosen throughputs. */
class WarmupSummaryTest {
    private static List<Interval> curve(double... opsPerSecond) {
        List<Interval> l = new ArrayList<>();
        for (int i = 0; i < opsPerSecond.length; i++) {
            l.add(new Interval(i * 0.25, (i + 1) * 0.25, opsPerSecond[i]));
        }
        return l;
    }

    @Test
    void steadyIsTheMedianOfTheLastThird() {
        // 12 intervals: the last third is 100, 90, 110, 1000 (a stray fast one): median 105
        WarmupSummary s = WarmupSummary.of(curve(1, 2, 3, 4, 5, 6, 7, 8, 100, 90, 110, 1000));
        assertEquals(105, s.steadyOpsPerSecond(), 1e-9);
        // an odd count: 9 intervals, last three 10, 30, 20
        assertEquals(20, WarmupSummary.of(curve(1, 1, 1, 1, 1, 1, 10, 30, 20)).steadyOpsPerSecond(), 1e-9);
    }

    @Test
    void settledMeansThreeInFourOfTheLastThirdWithinTheBand() {
        // last third 100, 100, 100, 50: three in four within 20% of the median 100
        assertTrue(WarmupSummary.of(curve(1, 1, 1, 1, 1, 1, 1, 1, 100, 100, 100, 50)).settled());
        // last third 100, 100, 50, 300: the median 100, two in four within
        assertFalse(WarmupSummary.of(curve(1, 1, 1, 1, 1, 1, 1, 1, 100, 100, 50, 300)).settled());
        // still climbing at the end
        assertFalse(WarmupSummary.of(curve(1, 2, 3, 4, 5, 6, 7, 8, 10, 20, 40, 80)).settled());
    }

    @Test
    void aShortRunUsesAtLeastOneInterval() {
        WarmupSummary s = WarmupSummary.of(curve(5, 50));
        assertEquals(50, s.steadyOpsPerSecond(), 1e-9);
        assertEquals(0.5, s.timeToSteadySeconds(), 1e-9);
        assertTrue(Double.isNaN(s.lowestAfterMarkFraction()), "no interval starts at 2 s");
        assertEquals(0, s.dipsAfterMark());
        assertThrows(IllegalArgumentException.class, () -> WarmupSummary.of(List.of()));
    }

    @Test
    void timeToSteadyIsTheEndOfTheFirstIntervalAtEightyPercent() {
        // steady 100 (last 4 of 12); 79 is not within 20%, 80 is: the 6th interval ends at 1.5 s
        WarmupSummary s = WarmupSummary.of(curve(10, 20, 40, 60, 79, 80, 95, 100, 100, 100, 100, 100));
        assertEquals(100, s.steadyOpsPerSecond(), 1e-9);
        assertEquals(1.5, s.timeToSteadySeconds(), 1e-9);
    }

    @Test
    void anEarlyFastIntervalCountsAsReached() {
        // faster than steady at first (a narrow profile), then a slower steady state
        WarmupSummary s = WarmupSummary.of(curve(10, 200, 150, 100, 100, 100));
        assertEquals(100, s.steadyOpsPerSecond(), 1e-9);
        assertEquals(0.5, s.timeToSteadySeconds(), 1e-9);
    }

    @Test
    void dipsAreCountedFromTheTwoSecondMarkOn() {
        double[] ops = new double[40];   // 10 s
        java.util.Arrays.fill(ops, 100);
        ops[0] = 5;
        ops[7] = 10;     // 1.75 to 2.0 s: before the mark, not a dip
        ops[8] = 70;     // starts at 2.0 s: a dip, 0.7x
        ops[20] = 40;    // 5.0 s: the lowest, 0.4x
        ops[30] = 79;    // 7.5 s: a dip
        ops[31] = 80;    // not a dip
        WarmupSummary s = WarmupSummary.of(curve(ops));
        assertEquals(100, s.steadyOpsPerSecond(), 1e-9);
        assertEquals(0.5, s.timeToSteadySeconds(), 1e-9);
        assertEquals(0.4, s.lowestAfterMarkFraction(), 1e-9);
        assertEquals(5.0, s.lowestAfterMarkAtSeconds(), 1e-9);
        assertEquals(3, s.dipsAfterMark());
    }

    @Test
    void intervalsOfUnequalLengthAreTakenAsMeasured() {
        // a first round longer than an interval: the intervals are [0, 0.6), [0.6, 0.75), ...
        List<Interval> l = new ArrayList<>(List.of(new Interval(0, 0.6, 1), new Interval(0.6, 0.75, 90)));
        for (int i = 3; i < 12; i++) {
            l.add(new Interval(i * 0.25, (i + 1) * 0.25, 100));
        }
        WarmupSummary s = WarmupSummary.of(l);
        assertEquals(0.75, s.timeToSteadySeconds(), 1e-9);
        assertEquals(1.0, s.lowestAfterMarkFraction(), 1e-9);
        assertEquals(2.0, s.lowestAfterMarkAtSeconds(), 1e-9);
    }
}
