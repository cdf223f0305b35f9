package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/** The report's JMH command line runs JMH and its forks on the chosen JVM, the forks with its flags. */
class SuiteRunTest {
    private static final BenchmarkJvm JDK25 = new BenchmarkJvm(Path.of("/opt/jdk-25/bin/java"), "25.0.3",
            "OpenJDK 64-Bit Server VM", "25.0.3+9-LTS", List.of("-Xmx2g", "-XX:+UseParallelGC", "-Dgreeting=hello world"));

    @Test
    void jmhAndItsForksRunOnTheChosenJvmWithItsFlags(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        SuiteRun run = new SuiteRun(Path.of("bench/target/benchmarks.jar"), dir, dir.resolve("async"), JDK25);
        List<String> cmd = run.command(ReportSuite.quick(), lib, new SamplingEvent("cpu", "cpu: works"), false);

        assertEquals(List.of("/opt/jdk-25/bin/java", "--enable-native-access=ALL-UNNAMED", "-jar",
                "bench/target/benchmarks.jar"), cmd.subList(0, 4));
        CommandLineOptions jmh = new CommandLineOptions(cmd.subList(4, cmd.size()).toArray(String[]::new));
        assertEquals("/opt/jdk-25/bin/java", jmh.getJvm().get());
        assertEquals(List.of("-Xmx2g", "-XX:+UseParallelGC", "-Dgreeting=hello world"),
                List.copyOf(jmh.getJvmArgsAppend().get()));
        assertTrue(jmh.getProfilers().stream().anyMatch(p -> p.getKlass().equals("async")));
    }

    @Test
    void theDefaultJvmAddsNoFlags(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        BenchmarkJvm current = BenchmarkJvm.current();
        List<String> cmd = new SuiteRun(Path.of("b.jar"), dir, dir.resolve("async"), current)
                .command(ReportSuite.quick(), lib, new SamplingEvent("cpu", "cpu: works"), false);
        assertEquals(current.java().toString(), cmd.get(0));
        CommandLineOptions jmh = new CommandLineOptions(cmd.subList(cmd.indexOf("-jar") + 2, cmd.size()).toArray(String[]::new));
        assertEquals(current.java().toString(), jmh.getJvm().get());
        assertFalse(jmh.getJvmArgsAppend().hasValue(), "no -jvmArgsAppend");
    }
}
