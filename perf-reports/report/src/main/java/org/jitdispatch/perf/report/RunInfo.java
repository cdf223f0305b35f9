package org.jitdispatch.perf.report;

import java.util.List;

/**
 * How a report's measurements were taken, saved as {@code run.json} beside them.
 *
 * @param mode                 {@code quick} or {@code full}
 * @param startedAt            ISO-8601 UTC
 * @param jvm                  the benchmarked JVM as its {@code -version} names it: the VM (java.vm.name and the
 *                             vendor's version) and the runtime's build
 * @param jvmVersion           the benchmarked JVM's java.version (null in reports made before it was kept)
 * @param jvmPath              the benchmarked JVM's java executable (null in older reports)
 * @param jvmArgs              the extra flags the benchmark JVMs ran with ({@code --jvm-args}), possibly none
 * @param cores                available processors
 * @param asyncProfilerVersion the version of the tools.profiler:async-profiler artifact used
 * @param event                the sampling event used for the CPU profiles
 * @param eventExplanation     why that event
 * @param hardwareCounters     whether instructions and cycles per op were measured
 * @param countersExplanation  what perf said about hardware counters
 * @param jmhCommand           the JMH command lines that produced results.json, one a line
 * @param loadAverageBefore    the 1-minute load average ({@code /proc/loadavg}) just before the JMH runs, or null
 *                             (not Linux, or a report made before it was kept)
 * @param loadAverageAfter     the same just after them, or null
 */
public record RunInfo(String mode, String startedAt, String jvm, String jvmVersion, String jvmPath, List<String> jvmArgs,
                      int cores, String asyncProfilerVersion, String event, String eventExplanation,
                      boolean hardwareCounters, String countersExplanation, String jmhCommand,
                      Double loadAverageBefore, Double loadAverageAfter) {
    public static final String FILE = "run.json";

    public RunInfo {
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
    }

    /** A run whose load averages were not recorded. */
    public RunInfo(String mode, String startedAt, String jvm, String jvmVersion, String jvmPath, List<String> jvmArgs,
                   int cores, String asyncProfilerVersion, String event, String eventExplanation,
                   boolean hardwareCounters, String countersExplanation, String jmhCommand) {
        this(mode, startedAt, jvm, jvmVersion, jvmPath, jvmArgs, cores, asyncProfilerVersion, event, eventExplanation,
                hardwareCounters, countersExplanation, jmhCommand, null, null);
    }

    /** This run with the load averages taken around its JMH runs. */
    public RunInfo withLoadAverages(Double before, Double after) {
        return new RunInfo(mode, startedAt, jvm, jvmVersion, jvmPath, jvmArgs, cores, asyncProfilerVersion, event,
                eventExplanation, hardwareCounters, countersExplanation, jmhCommand, before, after);
    }

    /**
     * Whether the machine was busy while the benchmarks ran: a 1-minute load average above the number of
     * CPUs before or after them. Unknown load averages say nothing.
     */
    public boolean busy() {
        return above(loadAverageBefore) || above(loadAverageAfter);
    }

    private boolean above(Double load) {
        return load != null && load > cores;
    }

    /** The load averages in words ({@code 3.12 before the benchmarks, 2.40 after, on 2 CPUs}), or null when unknown. */
    public String describeLoad() {
        if (loadAverageBefore == null && loadAverageAfter == null) {
            return null;
        }
        return load(loadAverageBefore) + " before the benchmarks, " + load(loadAverageAfter) + " after, on " + cores
                + (cores == 1 ? " CPU" : " CPUs");
    }

    private static String load(Double v) {
        return v == null ? "unknown" : String.format(java.util.Locale.ROOT, "%.2f", v);
    }

    /** The JVM in one line: {@code JDK 25.0.3 (OpenJDK 64-Bit Server VM ..., build ...)}, or as older reports kept it. */
    public String describeJvm() {
        if (jvmVersion == null) {
            return jvm;
        }
        return "JDK " + jvmVersion + " (" + jvm + ")";
    }

    /** Whether {@code other} ran on another JVM (another VM or build) or with other flags. */
    public boolean sameJvmAs(RunInfo other) {
        return jvm.equals(other.jvm) && jvmArgs.equals(other.jvmArgs);
    }
}
