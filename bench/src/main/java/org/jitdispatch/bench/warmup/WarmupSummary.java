package org.jitdispatch.bench.warmup;

import java.util.Arrays;
import java.util.List;

/**
 * What a warm-up curve says, computed from its intervals alone (no clock, so it is tested on made-up
 * curves).
 *
 * <ul>
 *   <li><b>steady</b>: the median throughput of the last third of the intervals (at least one): the speed the
 *       JVM settled at, robust to a stray slow or fast interval.</li>
 *   <li><b>settled</b>: whether the last third really is steady: at least three in four of its intervals within
 *       {@code BAND} of steady. When not, the run ended before the JVM settled (or the machine was too busy to
 *       tell), steady is an underestimate and the time to reach it flatters; run longer.</li>
 *   <li><b>time to steady</b>: the end of the first interval at no less than {@code 1 - BAND} (80%) of steady;
 *       an interval faster than steady counts as reached.</li>
 *   <li><b>lowest after the mark</b>: the slowest interval that starts at or after {@code MARK_SECONDS} (2 s),
 *       as a fraction of steady, and when it started; {@code dipsAfterMark} counts the intervals after the
 *       mark below {@code 1 - BAND} of steady.</li>
 * </ul>
 *
 * @param steadyOpsPerSecond       median of the last third
 * @param settled                  whether three in four intervals of the last third are within the band
 * @param timeToSteadySeconds      end of the first interval at 80% of steady or more (NaN if none)
 * @param lowestAfterMarkFraction  slowest interval from the mark on, over steady (NaN if no interval starts there)
 * @param lowestAfterMarkAtSeconds the start of that interval (NaN if none)
 * @param dipsAfterMark            intervals from the mark on below 80% of steady
 */
public record WarmupSummary(double steadyOpsPerSecond, boolean settled, double timeToSteadySeconds, double lowestAfterMarkFraction,
                            double lowestAfterMarkAtSeconds, int dipsAfterMark) {
    /** "Within 20% of steady". */
    public static final double BAND = 0.2;
    /** The time by which a fresh JVM should be within the band, and after which dips are counted. */
    public static final double MARK_SECONDS = 2.0;

    /** One measured interval: from {@code start} to {@code end} seconds after the workload's first round. */
    public record Interval(double start, double end, double opsPerSecond) {
    }

    public static WarmupSummary of(List<Interval> intervals) {
        if (intervals.isEmpty()) {
            throw new IllegalArgumentException("no intervals were measured");
        }
        int n = intervals.size();
        int third = Math.max(1, n / 3);
        double[] tail = intervals.subList(n - third, n).stream().mapToDouble(Interval::opsPerSecond).toArray();
        double steady = median(tail);
        int within = 0;
        for (double v : tail) {
            if (Math.abs(v - steady) <= BAND * steady) {
                within++;
            }
        }
        boolean settled = within * 4 >= tail.length * 3;

        double reached = Double.NaN;
        for (Interval i : intervals) {
            if (i.opsPerSecond() >= (1 - BAND) * steady) {
                reached = i.end();
                break;
            }
        }

        double lowest = Double.NaN;
        double lowestAt = Double.NaN;
        int dips = 0;
        for (Interval i : intervals) {
            if (i.start() + 1e-9 < MARK_SECONDS) {
                continue;
            }
            double fraction = steady > 0 ? i.opsPerSecond() / steady : Double.NaN;
            if (Double.isNaN(lowest) || fraction < lowest) {
                lowest = fraction;
                lowestAt = i.start();
            }
            if (fraction < 1 - BAND) {
                dips++;
            }
        }
        return new WarmupSummary(steady, settled, reached, lowest, lowestAt, dips);
    }

    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }
}
