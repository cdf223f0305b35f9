package org.jitdispatch.perf.report;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which call-path benchmarks a report runs and for how long.
 *
 * @param mode    {@code quick} or {@code full}
 * @param include JMH's include regex (also selects the inlining claims to check)
 * @param params  JMH {@code -p} options that narrow the sizes, or none for every size of each benchmark
 * @param timing  forks, warm-up and measurement options
 */
public record ReportSuite(String mode, String include, List<String> params, List<String> timing) {

    /**
     * A few minutes on 2 cores: add at three sizes and view through every call path, one fork. Five
     * one-second warm-up iterations let C2 finish compiling the benchmark: at 4096 elements an operation
     * takes about 2 µs, so the call chain gets its invocation counts ten times slower than at one element,
     * and with three seconds the first measurement iterations of the direct and spun paths still ran
     * before C2's code was in (30 times slower, seen as a tenfold error); eight short measurement
     * iterations keep JMH's 99.9% interval (Student's t over the iterations) from being hopelessly wide.
     * Enough for the table, a chart, the inlining verdicts and flame graphs; not for small differences.
     */
    public static ReportSuite quick() {
        return new ReportSuite("quick", "^org\\.jitdispatch\\.bench\\.(AddCallPath|ViewCallPath)Benchmark\\.",
                List.of("-p", "size=1,64,4096"),
                List.of("-f", "1", "-wi", "5", "-w", "1s", "-i", "8", "-r", "400ms"));
    }

    /** Every call-path benchmark at every size it declares. */
    public static ReportSuite full() {
        return new ReportSuite("full",
                "^org\\.jitdispatch\\.bench\\.(Add|Mul|Sum|Empty|Mm|View|Meta)CallPathBenchmark\\.",
                List.of(), List.of("-f", "1", "-wi", "5", "-w", "1s", "-i", "5", "-r", "1s"));
    }

    /** Whether a benchmark ({@code package.Class.method}) is part of this suite. */
    public boolean includes(String benchmark) {
        return Pattern.compile(include).matcher(benchmark).find();
    }
}
