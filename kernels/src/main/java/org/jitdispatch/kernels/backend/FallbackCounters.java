package org.jitdispatch.kernels.backend;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * How many times each operator fell back to the CPU, as XLA's metrics count them: the numbers that tell a
 * backend author which operators to implement next. Updated from any thread without locking.
 */
final class FallbackCounters {
    private final ConcurrentHashMap<String, LongAdder> counts = new ConcurrentHashMap<>();

    void increment(String qualifiedOpName) {
        counts.computeIfAbsent(qualifiedOpName, k -> new LongAdder()).increment();
    }

    long count(String qualifiedOpName) {
        LongAdder n = counts.get(qualifiedOpName);
        return n == null ? 0 : n.sum();
    }

    /** A sorted snapshot of the operators that fell back at least once. */
    Map<String, Long> snapshot() {
        TreeMap<String, Long> out = new TreeMap<>();
        counts.forEach((op, n) -> {
            long v = n.sum();
            if (v > 0) {
                out.put(op, v);
            }
        });
        return Collections.unmodifiableMap(out);
    }

    void reset() {
        counts.clear();
    }
}
