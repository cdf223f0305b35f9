package org.jitdispatch.perf.compare;

/** One way a benchmark got worse, with its numbers and the limit, e.g. {@code 12.5% slower (limit 5%)}. */
public record Regression(Kind kind, String description) {
    public enum Kind {
        SLOWER,
        ALLOCATES_MORE
    }

    @Override
    public String toString() {
        return description;
    }
}
