package org.jitdispatch.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.jitdispatch.perf.compare.JmhResult;
import org.jitdispatch.perf.inlining.BenchmarkProcess;
import org.jitdispatch.perf.inlining.ClaimedChains;
import org.jitdispatch.perf.inlining.InlineVerdict;
import org.jitdispatch.perf.inlining.InliningRun;
import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.jitdispatch.perf.report.AsyncProfilerLibrary;
import org.jitdispatch.perf.report.CollapsedStacks;
import org.jitdispatch.perf.report.EagerStepResults;
import org.jitdispatch.perf.report.EagerStepRun;
import org.jitdispatch.perf.report.HardwareCounters;
import org.jitdispatch.perf.report.LoadAverage;
import org.jitdispatch.perf.report.ReportData;
import org.jitdispatch.perf.report.ReportPage;
import org.jitdispatch.perf.report.ReportSuite;
import org.jitdispatch.perf.report.RunInfo;
import org.jitdispatch.perf.report.SamplingEvent;
import org.jitdispatch.perf.report.SamplingEventProbe;
import org.jitdispatch.perf.report.SuiteRun;
import org.jitdispatch.perf.warmup.WarmupResult;
import org.jitdispatch.perf.warmup.WarmupRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code report}: runs the call-path benchmarks with async-profiler attached and {@code -prof gc}, checks
 * the inlining claims, and writes one self-contained HTML page with its data.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Runs the call-path benchmarks with async-profiler and -prof gc, checks their inlining"
                + " claims, and writes a self-contained HTML report (tables, charts, inlining verdicts, flame"
                + " graphs) with its data (JMH JSON, collapsed stacks, inlining.json) into one directory.",
                "With --baseline, compares against a previous report: ratios, noise-aware verdicts and"
                        + " differential flame graphs."})
final class ReportCommand implements Callable<Integer> {
    /** The training steps that have a PyTorch eager peer. */
    private static final String TRAIN_STEP_MODELS = "org.jitdispatch.bench.TrainStepModelsBenchmark.step";

    @Option(names = "--quick", description = "A small subset (add at 3 sizes, view, the small ops at 1 and 64"
            + " elements, a training step at batch 1), one fork, short iterations: about five minutes on 2 cores.")
    boolean quick;

    @Option(names = "--baseline", paramLabel = "DIR", description = "A previous report directory to compare with.")
    Path baseline;

    @Option(names = "--out", paramLabel = "DIR", description = "Where the report goes (default:"
            + " perf-out/report-<UTC timestamp>).")
    Path out;

    @Option(names = "--rerender", paramLabel = "DIR", description = "Renders the page of an existing report"
            + " directory again from its data (with --baseline, against that baseline); runs nothing.")
    Path rerender;

    @Option(names = "--peer-results", paramLabel = "FILE", description = "The JMH JSON of the PyTorch peer run"
            + " (bench/pytorch-peer.sh -rf json -rff FILE), shown beside our call path; of the size-scaling run"
            + " (bench/pytorch-peer.sh --size-scaling ...), the large ops beside their plain loops and libtorch, with"
            + " a log-log chart of ns/op against n per op. Give it once per file to keep both.")
    List<Path> peerResults = new ArrayList<>();

    @Option(names = "--python-results", paramLabel = "FILE", description = "The output of /usr/bin/python3"
            + " bench/python/train_step_models.py (PyTorch eager, one JSON line per model and batch), shown beside"
            + " TrainStepModelsBenchmark with the speed-up and its target. Without it, a run of"
            + " TrainStepModelsBenchmark runs the script afterwards when /usr/bin/python3 has torch.")
    Path pythonResults;

    @Option(names = "--bench-jar", paramLabel = "JAR", description = "The JMH jar: this repository's (default:"
            + " ${DEFAULT-VALUE}) or any other, whose benchmarks then all run (or those --benchmarks selects), with"
            + " their @InlineChain claims checked.", defaultValue = "bench/target/benchmarks.jar")
    Path benchJar;

    @Option(names = "--benchmarks", paramLabel = "REGEX", description = "Only the benchmarks this JMH include regex"
            + " matches, at every parameter value they declare (instead of the built-in suite of this repository's"
            + " benchmarks).")
    String include;

    @Mixin
    JvmOptions jvmOptions = new JvmOptions();

    @Override
    public Integer call() throws Exception {
        BenchmarkJvm jvm = null;
        if (rerender != null && jvmOptions.given()) {
            System.err.println("report: --jvm and --jvm-args choose the benchmarks' JVM, and --rerender runs no benchmark");
            return ExitCode.USAGE;
        }
        if (rerender == null) {
            if (out != null) {
                try {
                    InputFiles.requireCreatableDirectory("--out", out);
                } catch (BadInputException e) {
                    System.err.println("report: " + e.getMessage());
                    return ExitCode.USAGE;
                }
            }
            jvm = jvmOptions.chooseOrComplain("report");
            if (jvm == null) {
                return ExitCode.USAGE;
            }
        }
        try {
            ReportData before = baseline == null ? null : ReportData.load(baseline);
            // read the given results before measuring, so that a wrong file fails now rather than after the run
            for (Path f : peerResults) {
                JmhResult.read(f);
            }
            if (pythonResults != null) {
                EagerStepResults.read(pythonResults);
            }
            Path dir = rerender != null ? rerender : measure(jvm);
            if (!peerResults.isEmpty()) {
                ReportData.addPeerResults(dir, peerResults);
            }
            if (pythonResults != null) {
                ReportData.addEagerResults(dir, pythonResults);
            }
            Path page = dir.resolve(ReportPage.FILE);
            Files.writeString(page, ReportPage.render(ReportData.load(dir), before));
            System.out.println("report: " + page.toAbsolutePath().normalize());
            return 0;
        } catch (IOException e) {
            System.err.println("report failed: " + e.getMessage());
            return 1;
        }
    }

    /** Runs everything and leaves the report's data in its directory. */
    private Path measure(BenchmarkJvm jvm) throws IOException, InterruptedException {
        if (!Files.isRegularFile(benchJar)) {
            throw new IOException(benchJar + " not found: build it (this repository's with mvn -q -pl bench -am package"
                    + " -DskipTests)");
        }
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
        Path dir = out != null ? out : Path.of("perf-out", "report-"
                + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(started));
        Path work = dir.resolve("work");
        Files.createDirectories(work);
        List<String> benchmarks = ClaimedChains.benchmarks(benchJar);
        ReportSuite suite = include != null ? ReportSuite.of(include, quick)
                : ReportSuite.isThisRepositorys(benchmarks) ? (quick ? ReportSuite.quick() : ReportSuite.full())
                : ReportSuite.of(".", quick);
        if (benchmarks.stream().noneMatch(suite::includes)) {
            throw new IOException("no benchmark of " + benchJar + " matches " + (include != null ? "--benchmarks " + include
                    : "the suite"));
        }

        System.out.println(JvmOptions.describe(jvm));
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(work.resolve("async-profiler"));
        SamplingEvent event = SamplingEventProbe.choose(lib, work, jvm);
        HardwareCounters counters = HardwareCounters.probe();
        System.out.println("async-profiler " + lib.version() + ", event " + event.name() + " (" + event.explanation() + ")");
        System.out.println("hardware counters: " + counters.explanation());

        if (ClaimedChains.hasClass(benchJar, WarmupRun.MAIN_CLASS)) {
            System.out.println("warm-up (a fresh JVM, " + WarmupResult.seconds(WarmupRun.REPORT_SECONDS) + "):");
            try {
                System.out.print(new WarmupRun(benchJar, jvm.java().toString(), jvm.args()).run(WarmupRun.REPORT_SECONDS,
                        dir.resolve(WarmupRun.REPORT_FILE), System.out).verdicts());
            } catch (IOException e) {
                // the page says "not measured" for it; the benchmarks are still worth running
                System.err.println("report: " + e.getMessage());
            }
        } else {
            System.out.println("warm-up (a fresh JVM): not run, " + benchJar + " has no " + WarmupRun.MAIN_CLASS);
        }
        System.out.println("benchmarks (" + suite.mode() + "):");
        SuiteRun run = new SuiteRun(benchJar, dir, work.resolve("async"), jvm);
        List<List<String>> cmds = run.commands(suite, lib, event, counters.available());
        Double loadBefore = LoadAverage.oneMinute();
        run.run(cmds, System.out);
        Double loadAfter = LoadAverage.oneMinute();
        CollapsedStacks.collect(work.resolve("async"), event.name(), dir);
        if (pythonResults == null && suite.includes(TRAIN_STEP_MODELS) && benchmarks.contains(TRAIN_STEP_MODELS)) {
            // after the benchmarks, so that the two never share the machine's cores
            System.out.println("PyTorch eager training steps (" + EagerStepRun.SCRIPT + "):");
            String absent = new EagerStepRun(EagerStepRun.PYTHON, EagerStepRun.SCRIPT).run(dir,
                    work.resolve("pytorch-eager.log"));
            System.out.println("  " + (absent == null ? "measured" : "not measured: " + absent));
        }

        System.out.println("inlining:");
        ReportData.writeInlining(dir, inliningVerdicts(suite, work.resolve("inlining"), jvm));
        ReportData.writeRunInfo(dir, new RunInfo(suite.mode(), started.toString(), jvm.vmAndBuild(), jvm.version(),
                jvm.java().toString(), jvm.args(), Runtime.getRuntime().availableProcessors(), lib.version(),
                event.name(), event.explanation(),
                counters.available(), counters.explanation(),
                cmds.stream().map(c -> String.join(" ", c)).collect(Collectors.joining("\n")), loadBefore, loadAfter));
        return dir;
    }

    private List<InlineVerdict> inliningVerdicts(ReportSuite suite, Path work, BenchmarkJvm jvm)
            throws IOException, InterruptedException {
        // full-length runs: a short one on a busy machine may end before C2 compiles the benchmark at all
        BenchmarkProcess runner = new BenchmarkProcess(benchJar, work, false, jvm);
        List<InlineVerdict> verdicts = new ArrayList<>();
        for (ClaimedChains.Claim claim : ClaimedChains.load(benchJar)) {
            if (suite.includes(claim.benchmark())) {
                InlineVerdict v = InliningRun.verdict(runner, claim.benchmark(), claim.chain(),
                        InliningRun.label(claim.benchmark()), List.of());
                v = claim.inlined() ? v : v.asNegativeControl();
                System.out.println("  " + v.describe());
                verdicts.add(v);
            }
        }
        return verdicts;
    }
}
