package org.jitdispatch.perf.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Before/after comparison of two JMH runs: per benchmark present in both, the ratio of scores and
 * whether the change is beyond the noise, i.e. JMH's 99.9% confidence intervals do not overlap.
 */
public final class Comparison {
    /** One benchmark compared. */
    public record Row(String key, JmhResult before, JmhResult after) {
        public double ratio() {
            return after.score() / before.score();
        }

        /**
         * How much slower AFTER is, as a fraction (0.1 is 10% slower; negative is faster): the time per
         * operation grew by it, or, for throughput, the operations per time shrank by the same factor.
         */
        public double slowdown() {
            return before.lowerIsBetter() ? ratio() - 1 : 1 / ratio() - 1;
        }

        /** Whether both runs have an error estimate; without one a change is taken at face value. */
        public boolean noiseKnown() {
            return before.hasConfidenceInterval() && after.hasConfidenceInterval();
        }

        /** Whether the two confidence intervals are apart (always, when either run has none). */
        public boolean beyondNoise() {
            return !noiseKnown() || after.high() < before.low() || after.low() > before.high();
        }

        /**
         * "faster", "slower" or "within noise"; with "(no error estimate)" after the first two when a run
         * has no confidence interval.
         */
        public String verdict() {
            if (!beyondNoise() || slowdown() == 0) {
                return "within noise";
            }
            return (slowdown() > 0 ? "slower" : "faster") + (noiseKnown() ? "" : " (no error estimate)");
        }

        /** Allocation per operation after minus before, in bytes; NaN unless both runs measured it. */
        public double allocGrowth() {
            return after.allocNorm() - before.allocNorm();
        }
    }

    private final List<Row> rows = new ArrayList<>();
    private final List<String> onlyBefore = new ArrayList<>();
    private final List<String> onlyAfter = new ArrayList<>();

    /**
     * @throws IllegalArgumentException when a benchmark's score has different units in the two runs (JMH's
     *     -tu or -bm differ), so that no ratio means anything
     */
    public Comparison(Map<String, JmhResult> before, Map<String, JmhResult> after) {
        before.forEach((k, b) -> {
            JmhResult a = after.get(k);
            if (a == null) {
                onlyBefore.add(k);
            } else if (!a.unit().equals(b.unit())) {
                throw new IllegalArgumentException("benchmark '" + k + "' is in " + b.unit() + " before and in "
                        + a.unit() + " after; run both with the same JMH -bm and -tu");
            } else {
                rows.add(new Row(k, b, a));
            }
        });
        after.keySet().stream().filter(k -> !before.containsKey(k)).forEach(onlyAfter::add);
    }

    public List<Row> rows() {
        return rows;
    }

    /** Benchmarks measured in the BEFORE run only. */
    public List<String> onlyBefore() {
        return onlyBefore;
    }

    /** Benchmarks measured in the AFTER run only. */
    public List<String> onlyAfter() {
        return onlyAfter;
    }
}
