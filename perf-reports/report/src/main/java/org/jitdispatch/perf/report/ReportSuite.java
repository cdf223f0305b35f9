package org.jitdispatch.perf.report;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Which benchmarks a report runs and for how long, as one or more JMH runs (one invocation each: JMH's
 * timing and {@code -p} options hold for a whole invocation, and the parts need different ones).
 *
 * @param mode {@code quick} or {@code full}
 * @param runs the JMH runs, in order
 */
public record ReportSuite(String mode, List<Run> runs) {

    /**
     * One JMH invocation.
     *
     * @param include JMH's include regex (also selects the inlining claims to check)
     * @param params  JMH {@code -p} options that narrow the sizes, or none for every size of each benchmark
     * @param timing  forks, warm-up and measurement options
     */
    public record Run(String include, List<String> params, List<String> timing) {
    }

    private static final String SMALL_OPS = "^org\\.jitdispatch\\.bench\\.SmallOpsBenchmark\\.";
    private static final String TRAIN_STEP = "^org\\.jitdispatch\\.bench\\.TrainStepMlpBenchmark\\.";
    private static final String TRAIN_STEP_MODELS = "^org\\.jitdispatch\\.bench\\.TrainStepModelsBenchmark\\.";

    public ReportSuite {
        runs = List.copyOf(runs);
    }

    /**
     * About five minutes on 2 cores (the warm-up run and the inlining verdicts included), in three JMH runs,
     * one fork per benchmark and size. A fork costs about a second of its own (JVM start, the library's
     * registration, the profilers), so the iterations are short and many: for a given measuring time, JMH's
     * 99.9% interval (Student's t over the iterations) narrows as t falls with more iterations.
     *
     * <p>Add at 1 and 64 elements and view through every call path, three one-second warm-up iterations; add
     * at 4096 elements with five: an operation there takes about 2 µs, so the call chain gets its invocation
     * counts ten times slower than at one element, and with three seconds the first measurement iterations
     * of the direct and spun paths still ran before C2's code was in (30 times slower, seen as a tenfold
     * error).
     *
     * <p>SmallOpsBenchmark's 18 benchmarks at 1 and 64 elements, for the floor section: ten 100 ms
     * iterations after three one-second warm-up iterations. Calls are tens of ns, but one second is not
     * enough: the end of each warm-up iteration throws C2's compilation of the benchmark loop away (JMH's
     * loop exit was never taken when it was compiled), and until the recompiled loop is in, some ops
     * (empty at 64 elements, say) run 40 times slower for a whole iteration. The
     * training step is left out: it needs about ten seconds of warm-up (see {@link #full()}), which the five
     * minutes do not have.
     *
     * <p>Enough for the tables, a chart, the inlining verdicts and flame graphs; not for small differences,
     * and on a busy machine many scores come out unreliable (the page marks them).
     */
    public static ReportSuite quick() {
        return new ReportSuite("quick", List.of(
                new Run("^org\\.jitdispatch\\.bench\\.(AddCallPath|ViewCallPath)Benchmark\\.",
                        List.of("-p", "size=1,64"),
                        List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "10", "-r", "200ms")),
                new Run("^org\\.jitdispatch\\.bench\\.AddCallPathBenchmark\\.", List.of("-p", "size=4096"),
                        List.of("-f", "1", "-wi", "5", "-w", "1s", "-i", "10", "-r", "200ms")),
                new Run(SMALL_OPS, List.of("-p", "size=1,64"),
                        List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "10", "-r", "100ms"))));
    }

    /**
     * Every call-path benchmark and SmallOpsBenchmark at every size they declare (SmallOps: 1, 64 and 4096
     * elements), then the training step at batch 1 and 64 with its class's ten one-second warm-up
     * iterations (a whole step takes several seconds of calls to reach C2 on 2 busy cores), then the example
     * models' training steps at batch 1, 8 and 64 with their class's eight, on the scalar kernels and on the
     * Vector API's, for the section against PyTorch eager (about five minutes). The steps' forks start with the
     * vector module (their {@code @Fork}); {@code --jvm-args} replaces that, so it must then name the module too,
     * or the {@code vector} forks stop with a message and their rows are left out.
     */
    public static ReportSuite full() {
        return new ReportSuite("full", List.of(
                new Run("^org\\.jitdispatch\\.bench\\.((Add|Mul|Sum|Empty|Mm|View|Meta)CallPath|SmallOps)Benchmark\\.",
                        List.of(), List.of("-f", "1", "-wi", "5", "-w", "1s", "-i", "5", "-r", "1s")),
                new Run(TRAIN_STEP, List.of("-p", "batch=1,64"),
                        List.of("-f", "1", "-wi", "10", "-w", "1s", "-i", "5", "-r", "1s")),
                new Run(TRAIN_STEP_MODELS, List.of("-p", "capability=default,vector"),
                        List.of("-f", "1", "-wi", "8", "-w", "1s", "-i", "5", "-r", "1s"))));
    }

    /**
     * Every benchmark {@code include} matches, of any JMH jar, at every parameter value it declares, one
     * fork each: for a jar other than this repository's (or {@code report --benchmarks}). Quick: three
     * one-second warm-up iterations and five of half a second; full: five and five of one second.
     */
    public static ReportSuite of(String include, boolean quick) {
        return new ReportSuite(quick ? "quick" : "full", List.of(new Run(include, List.of(), quick
                ? List.of("-f", "1", "-wi", "3", "-w", "1s", "-i", "5", "-r", "500ms")
                : List.of("-f", "1", "-wi", "5", "-w", "1s", "-i", "5", "-r", "1s"))));
    }

    /** Whether the built-in suites are meant for this jar: it holds this repository's call-path benchmarks. */
    public static boolean isThisRepositorys(List<String> benchmarks) {
        return benchmarks.stream().anyMatch(b -> b.startsWith("org.jitdispatch.bench.") && b.contains("CallPathBenchmark."));
    }

    /** Whether a benchmark ({@code package.Class.method}) is part of this suite. */
    public boolean includes(String benchmark) {
        return runs.stream().anyMatch(r -> Pattern.compile(r.include()).matcher(benchmark).find());
    }
}
