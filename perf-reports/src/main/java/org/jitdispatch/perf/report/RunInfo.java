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
 * @param jmhCommand           the JMH command line that produced results.json
 */
public record RunInfo(String mode, String startedAt, String jvm, String jvmVersion, String jvmPath, List<String> jvmArgs,
                      int cores, String asyncProfilerVersion, String event, String eventExplanation,
                      boolean hardwareCounters, String countersExplanation, String jmhCommand) {
    public static final String FILE = "run.json";

    public RunInfo {
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
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
