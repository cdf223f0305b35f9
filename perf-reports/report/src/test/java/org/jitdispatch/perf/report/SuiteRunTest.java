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
        List<List<String>> cmds = run.commands(ReportSuite.quick(), lib, new SamplingEvent("cpu", "cpu: works"), false);

        assertEquals(ReportSuite.quick().runs().size(), cmds.size(), "one JMH run per run of the suite");
        for (List<String> cmd : cmds) {
            assertEquals(List.of("/opt/jdk-25/bin/java", "--enable-native-access=ALL-UNNAMED", "-jar",
                    "bench/target/benchmarks.jar"), cmd.subList(0, 4));
            CommandLineOptions jmh = new CommandLineOptions(cmd.subList(4, cmd.size()).toArray(String[]::new));
            assertEquals("/opt/jdk-25/bin/java", jmh.getJvm().get());
            assertEquals(List.of("-Xmx2g", "-XX:+UseParallelGC", "-Dgreeting=hello world", run.jfrOption()),
                    List.copyOf(jmh.getJvmArgsAppend().get()), "the chosen flags, then the deoptimization recording");
            assertTrue(jmh.getProfilers().stream().anyMatch(p -> p.getKlass().equals("async")));
            assertTrue(jmh.getProfilers().stream().anyMatch(p -> p.getKlass().equals("gc")));
        }
    }

    @Test
    void eachRunHasItsOwnSizesTimingAndResultFile(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        SuiteRun run = new SuiteRun(Path.of("b.jar"), dir, dir.resolve("async"), BenchmarkJvm.current());
        ReportSuite quick = ReportSuite.quick();
        List<List<String>> cmds = run.commands(quick, lib, new SamplingEvent("cpu", "cpu: works"), false);
        List<String> files = new java.util.ArrayList<>();
        for (int i = 0; i < cmds.size(); i++) {
            List<String> cmd = cmds.get(i);
            CommandLineOptions jmh = new CommandLineOptions(cmd.subList(cmd.indexOf("-jar") + 2, cmd.size())
                    .toArray(String[]::new));
            assertEquals(List.of(quick.runs().get(i).include()), jmh.getIncludes());
            files.add(jmh.getResult().get());
        }
        assertEquals(cmds.size(), files.stream().distinct().count(), "every run writes its own JSON");

        CommandLineOptions smallOps = new CommandLineOptions(cmds.stream()
                .filter(c -> c.stream().anyMatch(a -> a.contains("SmallOps"))).findFirst().orElseThrow()
                .stream().dropWhile(a -> !a.equals("b.jar")).skip(1).toArray(String[]::new));
        assertEquals(List.of("1", "64"), List.copyOf(smallOps.getParameter("size").get()), "quick: 1 and 64 elements");
    }

    @Test
    void theSuitesIncludeTheSmallOpsAndTheTrainingStep() {
        for (ReportSuite suite : List.of(ReportSuite.quick(), ReportSuite.full())) {
            assertTrue(suite.includes("org.jitdispatch.bench.SmallOpsBenchmark.floorAdd"), suite.mode());
            assertTrue(suite.includes("org.jitdispatch.bench.SmallOpsBenchmark.loopSum"), suite.mode());
            assertTrue(suite.includes("org.jitdispatch.bench.AddCallPathBenchmark.spunCallSite"), suite.mode());
        }
        assertTrue(ReportSuite.full().includes("org.jitdispatch.bench.TrainStepMlpBenchmark.step"));
        assertTrue(ReportSuite.full().includes("org.jitdispatch.bench.TrainStepModelsBenchmark.step"));
        assertFalse(ReportSuite.quick().includes("org.jitdispatch.bench.TrainStepModelsBenchmark.step"));
        assertTrue(ReportSuite.full().includes("org.jitdispatch.bench.MmCallPathBenchmark.spunCallSite"));
        assertFalse(ReportSuite.quick().includes("org.jitdispatch.bench.MmCallPathBenchmark.spunCallSite"));
    }

    @Test
    void theDefaultJvmAddsNoFlags(@TempDir Path dir) throws Exception {
        AsyncProfilerLibrary lib = AsyncProfilerLibrary.unpack(dir.resolve("lib"));
        BenchmarkJvm current = BenchmarkJvm.current();
        List<String> cmd = new SuiteRun(Path.of("b.jar"), dir, dir.resolve("async"), current)
                .commands(ReportSuite.quick(), lib, new SamplingEvent("cpu", "cpu: works"), false).get(0);
        assertEquals(current.java().toString(), cmd.get(0));
        CommandLineOptions jmh = new CommandLineOptions(cmd.subList(cmd.indexOf("-jar") + 2, cmd.size()).toArray(String[]::new));
        assertEquals(current.java().toString(), jmh.getJvm().get());
        SuiteRun run = new SuiteRun(Path.of("b.jar"), dir, dir.resolve("async"), current);
        assertEquals(List.of(run.jfrOption()), List.copyOf(jmh.getJvmArgsAppend().get()),
                "no flags but the deoptimization recording");
        assertTrue(run.jfrOption().startsWith("-XX:StartFlightRecording:filename="), run.jfrOption());
    }

    /** A stand-in for one JMH run: prints a benchmark's header and writes {@code json} as its result file. */
    private static List<String> fakeJmh(Path resultFile, String benchmark, String json) {
        return List.of("sh", "-c", "echo '# Benchmark: " + benchmark + "'; echo '# Fork: 1 of 1'; printf '%s' '" + json
                + "' > '" + resultFile + "'");
    }

    private static String entry(String benchmark, String size) {
        return "{\"benchmark\":\"org.jitdispatch.bench." + benchmark + "\",\"params\":{\"size\":\"" + size + "\"},"
                + "\"primaryMetric\":{\"score\":1.0,\"scoreError\":0.1,\"scoreConfidence\":[0.9,1.1],\"scoreUnit\":\"ns/op\"},"
                + "\"secondaryMetrics\":{}}";
    }

    @Test
    void theRunsResultsAreMergedIntoOneFileGroupedByBenchmark(@TempDir Path dir) throws Exception {
        SuiteRun run = new SuiteRun(Path.of("b.jar"), dir, dir.resolve("async"), BenchmarkJvm.current());
        Path work = dir.resolve("work");
        java.io.ByteArrayOutputStream progress = new java.io.ByteArrayOutputStream();
        run.run(List.of(
                fakeJmh(work.resolve("results-1.json"), "AddCallPathBenchmark.direct", "[" + entry("AddCallPathBenchmark.direct", "1")
                        + "," + entry("ViewCallPathBenchmark.direct", "1") + "]"),
                fakeJmh(work.resolve("results-2.json"), "AddCallPathBenchmark.direct", "[" + entry("AddCallPathBenchmark.direct", "4096")
                        + "]"),
                fakeJmh(work.resolve("results-3.json"), "SmallOpsBenchmark.add", "[" + entry("SmallOpsBenchmark.add", "1") + "]")),
                new java.io.PrintStream(progress, true, java.nio.charset.StandardCharsets.UTF_8));

        assertEquals(List.of("AddCallPathBenchmark.direct size=1", "AddCallPathBenchmark.direct size=4096",
                "SmallOpsBenchmark.add size=1", "ViewCallPathBenchmark.direct size=1"),
                List.copyOf(org.jitdispatch.perf.compare.JmhResult.read(dir).keySet()));
        assertEquals("  AddCallPathBenchmark.direct\n  AddCallPathBenchmark.direct\n  SmallOpsBenchmark.add\n",
                progress.toString(java.nio.charset.StandardCharsets.UTF_8));
        String log = java.nio.file.Files.readString(dir.resolve("jmh.log"));
        assertTrue(log.contains("# Benchmark: SmallOpsBenchmark.add"), log);
        assertTrue(java.nio.file.Files.isRegularFile(dir.resolve(BenchmarkIterations.FILE)), "iterations.json");
    }

    @Test
    void aFailedRunFailsTheSuite(@TempDir Path dir) {
        SuiteRun run = new SuiteRun(Path.of("b.jar"), dir, dir.resolve("async"), BenchmarkJvm.current());
        java.io.IOException e = org.junit.jupiter.api.Assertions.assertThrows(java.io.IOException.class, () -> run.run(List.of(
                fakeJmh(dir.resolve("work").resolve("results-1.json"), "A.b", "[]"),
                List.of("sh", "-c", "echo 'ERROR: another JMH is running'; exit 1")),
                new java.io.PrintStream(java.io.OutputStream.nullOutputStream())));
        assertTrue(e.getMessage().contains("JMH exit 1") && e.getMessage().contains("another JMH is running"), e.getMessage());
    }
}
