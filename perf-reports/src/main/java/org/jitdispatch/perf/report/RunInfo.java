package org.jitdispatch.perf.report;

/**
 * How a report's measurements were taken, saved as {@code run.json} beside them.
 *
 * @param mode                 {@code quick} or {@code full}
 * @param startedAt            ISO-8601 UTC
 * @param jvm                  the benchmarked JVM's vendor and version
 * @param cores                available processors
 * @param asyncProfilerVersion the version of the tools.profiler:async-profiler artifact used
 * @param event                the sampling event used for the CPU profiles
 * @param eventExplanation     why that event
 * @param hardwareCounters     whether instructions and cycles per op were measured
 * @param countersExplanation  what perf said about hardware counters
 * @param jmhCommand           the JMH command line that produced results.json
 */
public record RunInfo(String mode, String startedAt, String jvm, int cores, String asyncProfilerVersion, String event,
                      String eventExplanation, boolean hardwareCounters, String countersExplanation, String jmhCommand) {
    public static final String FILE = "run.json";
}
