package org.jitdispatch.perf.report;

/**
 * The async-profiler event the report's CPU profiles were sampled with, and why it was chosen.
 *
 * @param name        {@code cpu} (perf_events), {@code ctimer} (timer_create) or {@code itimer} (setitimer)
 * @param explanation what the probe found, shown in the report
 */
public record SamplingEvent(String name, String explanation) {
}
