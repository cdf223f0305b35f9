package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jitdispatch.perf.compare.JmhResult;
import org.junit.jupiter.api.Test;

/** Scores, B/op and ratios with their uncertainty, and which of them are unreliable. */
class EstimateTest {
    /** A time score of {@code score ± error} ns/op allocating {@code bytes ± bytesError} B/op. */
    static JmhResult result(String key, double score, double error, double bytes, double bytesError) {
        return new JmhResult(key, score, score - error, score + error, "ns/op", bytes, bytesError);
    }

    static JmhResult result(String key, double score, double error) {
        return result(key, score, error, 144, 0.001);
    }

    @Test
    void aScoreIsUnreliableFromAnErrorOfHalfOfIt() {
        assertFalse(Estimate.score(result("a", 100, 49.9)).isUnreliable());
        Estimate half = Estimate.score(result("a", 100, 50));
        assertTrue(half.isUnreliable(), "exactly half is unreliable");
        assertTrue(half.unreliable().contains("± 50.0 ns/op") && half.unreliable().contains("50.0%"), half.unreliable());
        assertTrue(Estimate.score(result("a", 27.7, 27.8)).isUnreliable());
        assertEquals(100, Estimate.score(result("a", 100, 10)).value());
        assertEquals(10, Estimate.score(result("a", 100, 10)).error(), 1e-12);
    }

    @Test
    void aScoreWithoutAnErrorIsUnreliable() {
        JmhResult single = new JmhResult("a", 100, Double.NaN, Double.NaN, "ns/op", 0);
        Estimate e = Estimate.score(single);
        assertTrue(e.isUnreliable());
        assertTrue(e.unreliable().contains("no error"), e.unreliable());
    }

    @Test
    void aRatioPropagatesBothRelativeErrors() {
        // 10% and 20%: sqrt(0.01 + 0.04) = 22.36% of the ratio 2
        Estimate r = Estimate.score(result("op", 200, 20)).over(Estimate.score(result("floor", 100, 20)), "op", "floor");
        assertEquals(2.0, r.value(), 1e-12);
        assertEquals(2.0 * Math.sqrt(0.05), r.error(), 1e-12);
        assertNull(r.unreliable());
        assertEquals("2.00× ± 0.45", r.ratioText());

        Estimate exact = Estimate.score(result("op", 50, 0)).over(Estimate.score(result("floor", 25, 0)), "op", "floor");
        assertEquals("2.00× ± 0.00", exact.ratioText());
    }

    @Test
    void aRatioBuiltFromAnUnreliableScoreIsUnreliable() {
        Estimate good = Estimate.score(result("floorAdd", 16.7, 2.0));
        Estimate bad = Estimate.score(result("add", 27.7, 27.8));
        Estimate r = bad.over(good, "add", "floorAdd");
        assertTrue(r.isUnreliable());
        assertTrue(r.unreliable().startsWith("built from add's unreliable score"), r.unreliable());
        Estimate other = good.over(bad, "floorAdd", "add");
        assertTrue(other.isUnreliable());
        assertTrue(other.unreliable().startsWith("built from add's unreliable score"), other.unreliable());
        assertTrue(bad.over(bad, "add", "mul").unreliable().contains("two unreliable scores"));
    }

    @Test
    void aRatioWhoseOwnErrorReachesHalfOfItIsUnreliable() {
        // 40% and 40%: each score stands, the ratio's 56.6% does not
        Estimate a = Estimate.score(result("op", 100, 40));
        Estimate b = Estimate.score(result("floor", 50, 20));
        assertFalse(a.isUnreliable() || b.isUnreliable());
        Estimate r = a.over(b, "op", "floor");
        assertEquals(2.0, r.value(), 1e-12);
        assertTrue(r.isUnreliable());
        assertTrue(r.unreliable().contains("propagated error (± 1.13) is 56.6%"), r.unreliable());
    }

    @Test
    void bytesPerOpAreJudgedByTheirOwnError() {
        assertFalse(Estimate.bytesPerOp(result("a", 100, 99, 136, 0.001)).isUnreliable(),
                "the time's noise does not make B/op unreliable");
        assertFalse(Estimate.bytesPerOp(result("a", 100, 1, 0.0003, 0.0005)).isUnreliable(),
                "nothing allocated: thousandths of a byte either way");
        assertTrue(Estimate.bytesPerOp(result("a", 100, 1, 40, 30)).isUnreliable());
        assertTrue(Double.isNaN(Estimate.bytesPerOp(new JmhResult("a", 1, 0.5, 1.5, "ns/op", Double.NaN)).value()));
        assertFalse(Estimate.bytesPerOp(new JmhResult("a", 1, 0.5, 1.5, "ns/op", 64)).isUnreliable(),
                "a B/op without its error (older reports, one iteration) stands");
    }
}
