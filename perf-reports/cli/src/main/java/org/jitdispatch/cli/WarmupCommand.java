package org.jitdispatch.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;
import org.jitdispatch.perf.warmup.WarmupResult;
import org.jitdispatch.perf.warmup.WarmupRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code warmup}: the mixed small-op warm-up in a fresh JVM, its summary, and a verdict against the
 * targets. A missed target is a result, not a failure: the exit status is 1 only when the run itself failed.
 */
@Command(name = "warmup", mixinStandardHelpOptions = true,
        description = {"Runs a mixed small-op workload (over 30 operators over float32, float64 and int64; contiguous,"
                + " strided and broadcast operands of 1 to 64 elements) in a fresh JVM, counting operations per 250 ms"
                + " and JFR's deoptimizations and compilations, and prints how fast it reached steady speed.",
                "Targets: within 20%% of steady after 2 s, and no later 250 ms interval below 0.5x steady (PASS or"
                        + " MISS each). Exit status 0 after a run, whether the targets were met or not; 1 when the run"
                        + " failed; 2 for bad options."})
final class WarmupCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "10",
            description = "How long the workload runs (default: ${DEFAULT-VALUE}).")
    double seconds;

    @Option(names = "--out", paramLabel = "FILE", description = "Where the JSON goes (default:"
            + " perf-out/warmup-<UTC timestamp>.json); the JFR recording and the run's log go beside it.")
    Path out;

    @Option(names = "--jvm", paramLabel = "PATH", description = "The JVM to measure: its java binary or its home"
            + " directory (default: the JVM running this command).")
    Path jvm;

    @Option(names = "--bench-jar", description = "The JMH jar, which holds the workload (default: ${DEFAULT-VALUE}).",
            defaultValue = "bench/target/benchmarks.jar")
    Path benchJar;

    @Override
    public Integer call() throws InterruptedException {
        if (!(seconds >= 1 && seconds <= 3600)) {
            throw new ParameterException(spec.commandLine(), "--seconds must be between 1 and 3600, not " + seconds);
        }
        Path file = out != null ? out : Path.of("perf-out", "warmup-"
                + DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC).format(Instant.now()) + ".json");
        try {
            InputFiles.requireWritableFile("--out", file);
        } catch (BadInputException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
        try {
            String java = jvm == null ? WarmupRun.currentJava() : WarmupRun.javaAt(jvm);
            System.out.println("warm-up: a fresh JVM for " + WarmupResult.seconds(seconds) + ":");
            WarmupResult r = new WarmupRun(benchJar, java).run(seconds, file, System.out);
            System.out.print(r.summary());
            System.out.print("targets:\n" + r.verdicts());
            System.out.println("warm-up: " + file.toAbsolutePath().normalize());
            return 0;
        } catch (IOException e) {
            System.err.println("warmup failed: " + e.getMessage());
            return 1;
        }
    }
}
