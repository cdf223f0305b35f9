package org.jitdispatch.runtime.profiler;

import java.util.List;

/**
 * One recorded operator call: its name, the thread it ran on, when it started and ended (nanoseconds of
 * {@link System#nanoTime()}), its nesting depth and the index of its parent event on the same thread
 * (-1 for a top-level call), and the sizes of its tensor arguments when shapes were recorded.
 */
public record ProfilerEvent(String name, long threadId, String threadName, long startNs, long endNs, int depth,
                            int parent, List<long[]> inputShapes) {
    public long durationNs() {
        return endNs - startNs;
    }
}
