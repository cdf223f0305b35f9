package org.jitdispatch.perf.inlining;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.jitdispatch.perf.report.AsyncProfilerLibrary;
import org.jitdispatch.perf.report.SamplingEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/** inline-check's JMH command line: the chosen JVM for JMH and its fork, its flags before the run's own. */
class BenchmarkProcessTest {
    private static final BenchmarkJvm JDK25 = new BenchmarkJvm(Path.of("/opt/jdk-25/bin/java"), "25.0.3",
            "OpenJDK 64-Bit Server VM", "25.0.3+9-LTS", List.of("-Xmx2g", "-Dgreeting=hello world"));

    @Test
    void theForkRunsOnTheChosenJvmWithItsFlagsThenTheNegativeControlsThenJfr(@TempDir Path dir) throws Exception {
        BenchmarkProcess runner = new BenchmarkProcess(Path.of("b.jar"), dir, true, JDK25)
                .profiledWith(AsyncProfilerLibrary.unpack(dir.resolve("lib")), new SamplingEvent("cpu", "cpu: works"));
        Path jfr = dir.resolve("x.jfr");
        List<String> cmd = runner.command("org.jitdispatch.bench.AddCallPathBenchmark.spunCallSite",
                List.of("-XX:CompileCommand=dontinline,org.jitdispatch.jit.spin.Site_*::*"), dir.resolve("s.jfc"), jfr,
                dir.resolve("stacks"));

        assertEquals(List.of("/opt/jdk-25/bin/java", "--enable-native-access=ALL-UNNAMED", "-jar", "b.jar"),
                cmd.subList(0, 4));
        CommandLineOptions jmh = new CommandLineOptions(cmd.subList(4, cmd.size()).toArray(String[]::new));
        assertEquals("/opt/jdk-25/bin/java", jmh.getJvm().get());
        assertEquals(List.of("-Xmx2g", "-Dgreeting=hello world",
                        "-XX:CompileCommand=dontinline,org.jitdispatch.jit.spin.Site_*::*",
                        "-XX:StartFlightRecording:filename=" + jfr + ",settings=" + dir.resolve("s.jfc")),
                List.copyOf(jmh.getJvmArgsAppend().get()));
        assertEquals(List.of("^org\\.jitdispatch\\.bench\\.AddCallPathBenchmark\\.spunCallSite$"), jmh.getIncludes());
        assertEquals(1, jmh.getForkCount().get());
        assertTrue(jmh.getProfilers().stream().anyMatch(p -> p.getKlass().equals("async")));
    }

    @Test
    void withoutFlagsTheForkGetsOnlyTheRunsOwn(@TempDir Path dir) {
        BenchmarkJvm current = BenchmarkJvm.current();
        List<String> cmd = new BenchmarkProcess(Path.of("b.jar"), dir, false, current)
                .command("a.B.c", List.of(), dir.resolve("s.jfc"), dir.resolve("x.jfr"), dir.resolve("stacks"));
        assertEquals(current.java().toString(), cmd.get(0));
        int jvm = cmd.indexOf("-jvm");
        assertEquals(current.java().toString(), cmd.get(jvm + 1));
        int append = cmd.indexOf("-jvmArgsAppend");
        assertTrue(cmd.get(append + 1).startsWith("-XX:StartFlightRecording:"), cmd.get(append + 1));
        assertTrue(!cmd.contains("-prof"), "not profiled");
    }
}
