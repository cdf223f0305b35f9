package org.jitdispatch.perf.compare;

/**
 * How much worse a benchmark may get before {@code compare} fails.
 *
 * @param maxSlowdownPercent how much slower than before, beyond the noise, in percent
 * @param maxAllocGrowthBytes how many more bytes allocated per operation (whole bytes)
 */
public record GateLimits(double maxSlowdownPercent, double maxAllocGrowthBytes) {
    public static final GateLimits DEFAULT = new GateLimits(5, 0);

    public GateLimits {
        if (!(maxSlowdownPercent >= 0) || Double.isInfinite(maxSlowdownPercent)) {
            throw new IllegalArgumentException("the slowdown limit must be a percentage of 0 or more, not "
                    + maxSlowdownPercent);
        }
        if (!(maxAllocGrowthBytes >= 0) || Double.isInfinite(maxAllocGrowthBytes)) {
            throw new IllegalArgumentException("the allocation growth limit must be 0 or more bytes, not "
                    + maxAllocGrowthBytes);
        }
    }
}
