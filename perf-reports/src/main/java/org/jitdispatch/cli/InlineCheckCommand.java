package org.jitdispatch.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.jitdispatch.perf.inlining.BenchmarkProcess;
import org.jitdispatch.perf.inlining.ClaimedChains;
import org.jitdispatch.perf.inlining.InlineVerdict;
import org.jitdispatch.perf.inlining.InliningRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code inline-check}: runs every benchmark that claims an inlining chain with the JIT's inlining
 * decisions recorded, and fails on any link that was not inlined, naming the edge and HotSpot's reason.
 * A negative control runs one call-site benchmark with inlining of the spun class forbidden and must be
 * reported as not inlined, or the check itself is broken.
 */
@Command(name = "inline-check", mixinStandardHelpOptions = true,
        description = {"Checks that the generated API, the spun call site and the kernel are inlined into each"
                + " call-path benchmark (JFR jdk.CompilerInlining events of the benchmark's C2 compilation).",
                "Exit status 1 when any claimed link is not inlined or the negative control passes."})
final class InlineCheckCommand implements Callable<Integer> {
    /** Forbids inlining the spun call-site classes' methods into their callers (and drops our inline hint). */
    static final String DONT_INLINE_SITES = "-XX:CompileCommand=dontinline,org.jitdispatch.jit.spin.Site_*::*";
    static final String NO_FORCE_INLINE = "-Djitdispatch.forceInline=false";

    @Option(names = "--quick", description = "Short warm-up and measurement (for CI).")
    boolean quick;

    @Option(names = "--benchmarks", description = "Only benchmarks whose Class.method matches this regex.")
    String filter;

    @Option(names = "--bench-jar", description = "The JMH jar (default: ${DEFAULT-VALUE}).",
            defaultValue = "bench/target/benchmarks.jar")
    Path benchJar;

    @Option(names = "--out", description = "Where recordings and logs go (default: ${DEFAULT-VALUE}).",
            defaultValue = "perf-out/inline-check")
    Path out;

    @Option(names = "--negative-control", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also run the negative control (default: on).")
    boolean negativeControl;

    @Override
    public Integer call() throws Exception {
        if (!Files.isRegularFile(benchJar)) {
            System.err.println(benchJar + " not found: build it with mvn -q -pl bench -am package -DskipTests");
            return 2;
        }
        Map<String, List<String>> claims = ClaimedChains.load();
        BenchmarkProcess runner = new BenchmarkProcess(benchJar, out, quick);
        int failures = 0;
        String controlBenchmark = null;
        for (Map.Entry<String, List<String>> claim : claims.entrySet()) {
            String benchmark = claim.getKey();
            if (filter != null && !Pattern.compile(filter).matcher(benchmark).find()) {
                continue;
            }
            InlineVerdict v = InliningRun.verdict(runner, benchmark, claim.getValue(), InliningRun.label(benchmark), List.of());
            System.out.println(v.describe());
            if (!v.inlined()) {
                failures++;
            }
            if (controlBenchmark == null && claim.getValue().stream().anyMatch(l -> l.startsWith("Site_"))) {
                controlBenchmark = benchmark;
            }
        }
        if (negativeControl) {
            if (controlBenchmark == null) {
                System.out.println("negative control skipped: no selected benchmark claims a spun call site");
            } else {
                InlineVerdict control = InliningRun.verdict(runner, controlBenchmark, claims.get(controlBenchmark),
                        InliningRun.label(controlBenchmark) + "-negative-control", List.of(DONT_INLINE_SITES, NO_FORCE_INLINE));
                System.out.println("negative control (" + DONT_INLINE_SITES + "):");
                System.out.println("  " + control.describe());
                if (control.inlined()) {
                    System.out.println("  FAILED: the check reported inlined with inlining forbidden; it cannot be trusted");
                    failures++;
                } else {
                    System.out.println("  ok: reported as not inlined, as it must be");
                }
            }
        }
        System.out.println(failures == 0 ? "inline-check passed" : "inline-check FAILED: " + failures + " problem(s)");
        return failures == 0 ? 0 : 1;
    }
}
