package org.jitdispatch.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.jitdispatch.jit.spin.EmittedNames;
import org.jitdispatch.perf.inlining.BenchmarkProcess;
import org.jitdispatch.perf.inlining.ClaimedChains;
import org.jitdispatch.perf.inlining.InlineVerdict;
import org.jitdispatch.perf.inlining.InliningRun;
import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.jitdispatch.perf.report.AsyncProfilerLibrary;
import org.jitdispatch.perf.report.ProfiledChain;
import org.jitdispatch.perf.report.SamplingEvent;
import org.jitdispatch.perf.report.SamplingEventProbe;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code inline-check}: runs every benchmark that claims an inlining chain with the JIT's inlining
 * decisions recorded, and fails on any link that was not inlined, naming the edge and HotSpot's reason.
 * async-profiler's frame annotations of the same runs are a second witness. A negative control runs one
 * call-site benchmark with inlining of the spun class forbidden and must be reported as not inlined by
 * both, or the check itself is broken.
 */
@Command(name = "inline-check", mixinStandardHelpOptions = true,
        description = {"Checks that the chain each @InlineChain benchmark of a JMH jar claims is inlined into it (JFR"
                + " jdk.CompilerInlining events of the benchmark's C2 compilation): by default this repository's"
                + " call-path benchmarks (generated API, spun call site, kernel), or any jar given by --bench-jar.",
                "Exit status 1 when any claimed link is not inlined or a negative control is, 2 on bad"
                        + " options (a --jvm that is no Java 17+ java, say)."})
final class InlineCheckCommand implements Callable<Integer> {
    /** Forbids inlining the spun call-site classes' methods into their callers (and drops our inline hint). */
    static final String DONT_INLINE_SITES = "-XX:CompileCommand=dontinline," + EmittedNames.SITE_PACKAGE + "."
            + EmittedNames.SITE_PREFIX + "*::*";
    static final String NO_FORCE_INLINE = "-Djitdispatch.forceInline=false";

    @Option(names = "--quick", description = "Short warm-up and measurement (for CI).")
    boolean quick;

    @Option(names = "--benchmarks", description = "Only benchmarks whose Class.method matches this regex.")
    String filter;

    @Option(names = "--bench-jar", paramLabel = "JAR", description = "The JMH jar whose @InlineChain benchmarks are"
            + " checked: this repository's or any other (default: ${DEFAULT-VALUE}).",
            defaultValue = "bench/target/benchmarks.jar")
    Path benchJar;

    @Option(names = "--out", description = "Where recordings and logs go (default: ${DEFAULT-VALUE}).",
            defaultValue = "perf-out/inline-check")
    Path out;

    @Option(names = "--profile", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also sample with async-profiler and read its frame annotations as a second witness"
                    + " (default: on).")
    boolean profile;

    @Option(names = "--negative-control", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "Also run the negative control (default: on).")
    boolean negativeControl;

    @Mixin
    JvmOptions jvmOptions = new JvmOptions();

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Pattern selected = selectedBenchmarks();
        try {
            InputFiles.requireCreatableDirectory("--out", out);
        } catch (BadInputException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        if (!Files.isRegularFile(benchJar)) {
            System.err.println(benchJar + " not found: build it (this repository's with mvn -q -pl bench -am package"
                    + " -DskipTests)");
            return ExitCode.USAGE;
        }
        BenchmarkJvm jvm = jvmOptions.chooseOrComplain("inline-check");
        if (jvm == null) {
            return ExitCode.USAGE;
        }
        List<ClaimedChains.Claim> claims;
        try {
            claims = ClaimedChains.load(benchJar);
        } catch (IOException e) {
            System.err.println("inline-check: " + e.getMessage());
            return ExitCode.USAGE;
        }
        System.out.println(JvmOptions.describe(jvm));
        try {
            return check(jvm, selected, claims);
        } catch (IOException e) {
            System.out.println("inline-check FAILED: " + e.getMessage());
            return 1;
        }
    }

    /** The --benchmarks regex, compiled before anything runs; null for all. */
    private Pattern selectedBenchmarks() {
        try {
            return filter == null ? null : Pattern.compile(filter);
        } catch (PatternSyntaxException e) {
            throw new ParameterException(spec.commandLine(), "--benchmarks " + filter + ": not a regular expression ("
                    + e.getDescription() + " at index " + e.getIndex() + ")");
        }
    }

    private int check(BenchmarkJvm jvm, Pattern selected, List<ClaimedChains.Claim> claims)
            throws IOException, InterruptedException {
        List<ClaimedChains.Claim> chosen = claims.stream()
                .filter(c -> selected == null || selected.matcher(c.benchmark()).find()).toList();
        if (claims.isEmpty()) {
            System.out.println("inline-check FAILED: no benchmark in " + benchJar + " carries @InlineChain"
                    + " (org.jitdispatch.bench.InlineChain, artifact org.jitdispatch:jitdispatch-inline-chain)");
            return 1;
        }
        if (chosen.isEmpty()) {
            System.out.println("inline-check FAILED: no @InlineChain benchmark of " + benchJar + " matches --benchmarks "
                    + filter);
            return 1;
        }
        System.out.println(chosen.size() + " claim(s) in " + benchJar + (chosen.stream().anyMatch(c -> !c.inlined())
                ? ", " + chosen.stream().filter(c -> !c.inlined()).count() + " of them negative controls" : ""));
        BenchmarkProcess runner = withProfiler(new BenchmarkProcess(benchJar, out, quick, jvm), jvm);
        int failures = 0;
        ClaimedChains.Claim controlClaim = null;
        boolean declaredControls = false;
        for (ClaimedChains.Claim claim : chosen) {
            String benchmark = claim.benchmark();
            InliningRun.Witnesses w = InliningRun.witnesses(runner, benchmark, claim.chain(),
                    InliningRun.label(benchmark), List.of());
            InlineVerdict verdict = claim.inlined() ? w.verdict() : w.verdict().asNegativeControl();
            System.out.println(verdict.describe());
            printProfile(w);
            if (!verdict.asClaimed()) {
                failures++;
            }
            declaredControls |= !claim.inlined();
            if (controlClaim == null && claim.inlined() && claim.chain().stream().anyMatch(l -> l.startsWith(EmittedNames.SITE_PREFIX))) {
                controlClaim = claim;
            }
        }
        if (negativeControl) {
            if (controlClaim == null) {
                System.out.println(declaredControls ? "negative control: the jar's own @InlineChain(inlined = false) claims"
                        : "negative control skipped: no selected benchmark claims a spun call site or is declared"
                        + " @InlineChain(inlined = false)");
            } else {
                String controlBenchmark = controlClaim.benchmark();
                InliningRun.Witnesses control = InliningRun.witnesses(runner, controlBenchmark,
                        controlClaim.chain(), InliningRun.label(controlBenchmark) + "-negative-control",
                        List.of(DONT_INLINE_SITES, NO_FORCE_INLINE));
                System.out.println("negative control (" + DONT_INLINE_SITES + "):");
                System.out.println("  " + control.verdict().describe());
                System.out.println("  " + control.describeProfile());
                boolean profileSawIt = control.profiled().isEmpty() || !ProfiledChain.allInlined(control.profiled());
                if (control.verdict().inlined()) {
                    System.out.println("  FAILED: the check reported inlined with inlining forbidden; it cannot be trusted");
                    failures++;
                } else if (!profileSawIt) {
                    System.out.println("  FAILED: the profile saw the chain inlined with inlining forbidden");
                    failures++;
                } else {
                    System.out.println("  ok: reported as not inlined" + (control.profiled().isEmpty() ? "" : " by both witnesses")
                            + ", as it must be");
                }
            }
        }
        System.out.println(failures == 0 ? "inline-check passed" : "inline-check FAILED: " + failures + " problem(s)");
        return failures == 0 ? 0 : 1;
    }

    /**
     * The runner with async-profiler attached, for the second witness; without it (a platform the profiler
     * does not support, say) the check still runs on JFR's events alone, and says so.
     */
    private BenchmarkProcess withProfiler(BenchmarkProcess runner, BenchmarkJvm jvm) throws InterruptedException {
        if (!profile) {
            return runner;
        }
        try {
            AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(out.resolve("async-profiler"));
            SamplingEvent event = SamplingEventProbe.choose(lib, out, jvm);
            System.out.println("async-profiler " + lib.version() + ", event " + event.name() + ": frame annotations"
                    + " are the second witness");
            return runner.profiledWith(lib, event);
        } catch (IOException e) {
            System.out.println("async-profiler unavailable (" + e.getMessage() + "): JFR's events only");
            return runner;
        }
    }

    /**
     * The profile's view of a claimed chain. A disagreement is a warning, not a failure: a short run can
     * sample a link in C1 code before C2's compilation is installed, which JFR (the last C2 compilation)
     * rightly ignores.
     */
    private static void printProfile(InliningRun.Witnesses w) {
        if (!w.profiled().isEmpty()) {
            System.out.println("             " + w.describeProfile() + (w.agree() ? "" : "  WARNING"));
        }
    }
}
