package org.jitdispatch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jitdispatch.perf.inlining.BenchJars;
import org.jitdispatch.perf.jvm.FakeJava;
import org.jitdispatch.perf.report.ReportSuite;
import org.jitdispatch.perf.warmup.WarmupRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import picocli.CommandLine;

/** {@code --jvm} and {@code --jvm-args} of inline-check and report: parsing, refusals, and every child process. */
class JvmOptionsTest {
    private static final List<String> FLAGS = List.of("-Xmx64m", "-Dgreeting=hello world");
    private static final String FLAGS_OPTION = "-Xmx64m '-Dgreeting=hello world'";

    /** Exit status, stdout and stderr of one command line. */
    private record Run(int code, String out, String err) {
    }

    private static Run run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code;
        try {
            System.setOut(new PrintStream(out, true));
            System.setErr(new PrintStream(err, true));
            code = JitDispatchCli.run(args);
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
        return new Run(code, out.toString(), err.toString());
    }

    private static void assertOneLineUsageError(Run r, String line) {
        assertEquals(2, r.code(), r.err());
        assertEquals(line + System.lineSeparator(), r.err());
    }

    @Test
    void bothCommandsTakeBothOptions() {
        InlineCheckCommand check = new InlineCheckCommand();
        new CommandLine(check).parseArgs("--jvm", "/opt/jdk-25", "--jvm-args", "-Xmx2g -XX:+UseParallelGC");
        assertEquals("/opt/jdk-25", check.jvmOptions.jvm);
        assertEquals("-Xmx2g -XX:+UseParallelGC", check.jvmOptions.jvmArgs);

        ReportCommand report = new ReportCommand();
        new CommandLine(report).parseArgs("--quick", "--jvm=/opt/jdk-25/bin/java", "--jvm-args=-Xmx2g");
        assertEquals("/opt/jdk-25/bin/java", report.jvmOptions.jvm);
        assertEquals("-Xmx2g", report.jvmOptions.jvmArgs);

        ReportCommand defaults = new ReportCommand();
        new CommandLine(defaults).parseArgs("--quick");
        assertNull(defaults.jvmOptions.jvm);
        assertFalse(defaults.jvmOptions.given());
    }

    @Test
    void aBadJvmIsAOneLineUsageError(@TempDir Path tmp) throws Exception {
        String jar = Files.createFile(tmp.resolve("benchmarks.jar")).toString();
        Path nope = tmp.resolve("nope");
        assertOneLineUsageError(run("inline-check", "--bench-jar", jar, "--jvm", nope.toString()),
                "inline-check: --jvm " + nope + ": no such file or directory");
        assertOneLineUsageError(run("report", "--bench-jar", jar, "--out", tmp.resolve("r").toString(), "--jvm",
                nope.toString()), "report: --jvm " + nope + ": no such file or directory");

        Path empty = Files.createDirectories(tmp.resolve("not-a-jdk"));
        assertOneLineUsageError(run("inline-check", "--bench-jar", jar, "--jvm", empty.toString()), "inline-check: --jvm "
                + empty + ": a directory without bin/java (give a java executable or a JDK home)");

        FakeJava old = FakeJava.inJdkHome(tmp.resolve("jdk11"), """
                openjdk version "11.0.22" 2024-01-16
                OpenJDK Runtime Environment (build 11.0.22+7)
                OpenJDK 64-Bit Server VM (build 11.0.22+7, mixed mode)
                """);
        assertOneLineUsageError(run("report", "--bench-jar", jar, "--jvm", tmp.resolve("jdk11").toString()),
                "report: " + old.java() + " is Java 11.0.22; the benchmarks need Java 17 or newer");
    }

    @Test
    void badJvmArgsAreAOneLineUsageError(@TempDir Path tmp) throws Exception {
        String jar = Files.createFile(tmp.resolve("benchmarks.jar")).toString();
        assertOneLineUsageError(run("inline-check", "--bench-jar", jar, "--jvm-args", "-Xmx2g 'unclosed"),
                "inline-check: --jvm-args: unterminated ' quote in: -Xmx2g 'unclosed");
        assertOneLineUsageError(run("report", "--bench-jar", jar, "--jvm-args", "Xmx2g"),
                "report: --jvm-args: 'Xmx2g' is not a JVM option (options start with -)");
        // the flags are tried once with -version on the JVM running the tests
        Run r = run("inline-check", "--bench-jar", jar, "--jvm-args", "-XX:+NoSuchFlagAnywhere");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().startsWith("inline-check: '") && r.err().contains("-XX:+NoSuchFlagAnywhere -version' failed (exit 1): "),
                r.err());
        assertEquals(1, r.err().lines().count(), r.err());
    }

    @Test
    void rerenderingRunsNothingSoItTakesNoJvm(@TempDir Path tmp) {
        assertOneLineUsageError(run("report", "--rerender", tmp.toString(), "--jvm-args", "-Xmx2g"),
                "report: --jvm and --jvm-args choose the benchmarks' JVM, and --rerender runs no benchmark");
    }

    /** A JMH command line's JMH options: what follows {@code -jar JAR}. */
    private static CommandLineOptions jmhOptions(List<String> cmd) throws Exception {
        int jar = cmd.indexOf("-jar");
        return new CommandLineOptions(cmd.subList(jar + 2, cmd.size()).toArray(String[]::new));
    }

    /**
     * Every process started is the chosen java: the version check with the flags, the profiler probe with
     * the flags, and JMH (whose fork gets the JVM as -jvm and the flags in -jvmArgsAppend).
     */
    private static void assertEveryChildIsTheChosenJvm(FakeJava fake, int jmhRunsExpected, int warmupsExpected)
            throws Exception {
        List<List<String>> runs = fake.invocations();
        assertEquals(List.of(fake.java().toString(), FLAGS.get(0), FLAGS.get(1), "-version"), runs.get(0));
        int probes = 0;
        int jmhRuns = 0;
        int warmups = 0;
        for (List<String> cmd : runs.subList(1, runs.size())) {
            assertEquals(fake.java().toString(), cmd.get(0), String.join(" ", cmd));
            if (cmd.contains("-jar")) {
                CommandLineOptions jmh = jmhOptions(cmd);
                assertEquals(fake.java().toString(), jmh.getJvm().get(), String.join(" ", cmd));
                assertEquals(FLAGS, List.copyOf(jmh.getJvmArgsAppend().get()).subList(0, FLAGS.size()));
                assertTrue(cmd.contains("--enable-native-access=ALL-UNNAMED"), "JDK 25: " + String.join(" ", cmd));
                jmhRuns++;
            } else if (cmd.contains(WarmupRun.MAIN_CLASS)) {
                assertEquals(FLAGS, cmd.subList(1, 3), String.join(" ", cmd));
                warmups++;
            } else {
                assertEquals(FLAGS, cmd.subList(1, 3), String.join(" ", cmd));
                assertTrue(cmd.get(3).startsWith("-agentpath:"), String.join(" ", cmd));
                probes++;
            }
        }
        assertEquals(1, probes, "the first event sampled");
        assertEquals(warmupsExpected, warmups, "warm-up runs");
        assertEquals(jmhRunsExpected, jmhRuns);
    }

    @Test
    void inlineCheckRunsEveryChildOnTheChosenJvm(@TempDir Path tmp) throws Exception {
        FakeJava fake = FakeJava.inJdkHome(tmp.resolve("jdk-25"), FakeJava.TEMURIN_25);
        String jar = BenchJars.thisRepositorys(tmp.resolve("benchmarks.jar")).toString();
        Run r = run("inline-check", "--quick", "--bench-jar", jar, "--out", tmp.resolve("out").toString(),
                "--jvm", tmp.resolve("jdk-25").toString(), "--jvm-args", FLAGS_OPTION);
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("JVM: JDK 25.0.3 (OpenJDK 64-Bit Server VM Temurin-25.0.3+9, build 25.0.3+9-LTS) at "
                + fake.java() + "\nJVM flags: -Xmx64m '-Dgreeting=hello world'\n"), r.out());
        assertTrue(r.out().contains("inline-check FAILED: benchmark "), "the fake JVM runs no benchmark: " + r.out());
        assertFalse(r.out().contains("Exception") || r.err().contains("Exception"), r.out() + r.err());
        assertEveryChildIsTheChosenJvm(fake, 1, 0);
    }

    @Test
    void reportRunsEveryChildOnTheChosenJvm(@TempDir Path tmp) throws Exception {
        FakeJava fake = FakeJava.inJdkHome(tmp.resolve("jdk-25"), FakeJava.TEMURIN_25);
        String jar = BenchJars.thisRepositorys(tmp.resolve("benchmarks.jar")).toString();
        Run r = run("report", "--quick", "--bench-jar", jar, "--out", tmp.resolve("report").toString(),
                "--jvm", fake.java().toString(), "--jvm-args", FLAGS_OPTION);
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.out().startsWith("JVM: JDK 25.0.3 "), r.out());
        assertTrue(r.err().contains("report failed: benchmark "), "the suite ran, the first inlining run failed: " + r.err());
        assertTrue(r.err().contains("the warm-up run failed"), "a failed warm-up is reported and the report goes on: " + r.err());
        // the warm-up run, the suite's JMH runs, then the first of the inlining runs
        assertEveryChildIsTheChosenJvm(fake, ReportSuite.quick().runs().size() + 1, 1);
    }
}
