package org.jitdispatch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.perf.compare.JmhFixtures;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every subcommand, as the command line lists them, given malformed input: it must fail (exit status not
 * 0) with a short message that names the file when a file is at fault, and print no stack trace. The
 * commands that start JVMs (inline-check, report, warmup) are given only input they must reject before
 * starting one. A subcommand added without cases here fails {@link #everySubcommandHasCases}.
 */
class MalformedInputTest {
    /** A malformed invocation, and the text its message must contain (a file's name, an option's), or null. */
    private record Case(String name, List<String> args, String mentions) {
    }

    @TempDir
    static Path tmp;

    private static Path missing;
    private static Path empty;
    private static Path garbage;
    private static Path deepBlockYaml;
    private static Path deepFlowYaml;
    private static Path aliasBomb;
    private static Path hugeYaml;
    private static Path badYaml;
    private static Path mappingYaml;
    private static Path deepJson;
    private static Path objectJson;
    private static Path noPrimaryJson;
    private static Path stringScoreJson;
    private static Path goodJson;
    private static Path otherUnitJson;
    private static Path notADirectory;
    private static Path aFile;
    private static Path emptyJar;

    private static void fixtures() throws IOException {
        if (missing != null) {
            return;
        }
        missing = tmp.resolve("missing.yaml");
        empty = Files.writeString(tmp.resolve("empty.yaml"), "");
        byte[] bytes = new byte[4096];
        new Random(42).nextBytes(bytes);
        garbage = Files.write(tmp.resolve("garbage.bin"), bytes);
        deepBlockYaml = Files.writeString(tmp.resolve("deep-block.yaml"), "- ".repeat(20_000) + "x\n");
        deepFlowYaml = Files.writeString(tmp.resolve("deep-flow.yaml"), "[".repeat(20_000) + "\n");
        StringBuilder bomb = new StringBuilder("a: &a [x, x]\n");
        for (int i = 0; i < 60; i++) {
            bomb.append("b").append(i).append(": [*a, *a]\n");
        }
        aliasBomb = Files.writeString(tmp.resolve("aliases.yaml"), bomb);
        hugeYaml = Files.writeString(tmp.resolve("huge.yaml"), "- func: " + "a".repeat(YamlFile.MAX_CODE_POINTS + 10));
        badYaml = Files.writeString(tmp.resolve("bad.yaml"), "- func: relu(Tensor self) -> Tensor\n  dispatch: [\n");
        mappingYaml = Files.writeString(tmp.resolve("mapping.yaml"), "func: relu(Tensor self) -> Tensor\n");
        deepJson = Files.writeString(tmp.resolve("deep.json"), "[".repeat(5000));
        objectJson = Files.writeString(tmp.resolve("object.json"), "{\"benchmark\": \"a.B.c\"}");
        noPrimaryJson = Files.writeString(tmp.resolve("no-primary.json"), "[{\"benchmark\": \"a.B.c\"}]");
        stringScoreJson = Files.writeString(tmp.resolve("string-score.json"),
                "[{\"benchmark\": \"a.B.c\", \"primaryMetric\": {\"score\": \"fast\", \"scoreUnit\": \"ns/op\"}}]");
        goodJson = JmhFixtures.write(tmp, "good.json", JmhFixtures.avgt("direct", 100, 1, 160));
        otherUnitJson = JmhFixtures.write(tmp, "thrpt.json", JmhFixtures.thrpt("direct", 100, 1, 160));
        aFile = Files.writeString(tmp.resolve("a-file"), "x");
        notADirectory = aFile.resolve("sub");
        emptyJar = Files.writeString(tmp.resolve("benchmarks.jar"), "");
    }

    private static Case c(String name, String mentions, Object... args) {
        List<String> list = new ArrayList<>();
        for (Object a : args) {
            list.add(a.toString());
        }
        return new Case(name, list, mentions == null ? null : mentions);
    }

    /** The YAML files no YAML-reading option may accept, each with the file its message must name. */
    private static List<Path> badYamlFiles() {
        return List.of(missing, empty, garbage, deepBlockYaml, deepFlowYaml, aliasBomb, hugeYaml, badYaml);
    }

    private static Map<String, List<Case>> cases() throws IOException {
        fixtures();
        Map<String, List<Case>> cases = new LinkedHashMap<>();

        List<Case> checkYaml = new ArrayList<>();
        for (Path f : badYamlFiles()) {
            checkYaml.add(c("check-yaml " + f.getFileName(), f.toString(), "check-yaml", f));
            checkYaml.add(c("check-yaml --schemas-only " + f.getFileName(), f.toString(), "check-yaml", "--schemas-only", f));
        }
        checkYaml.add(c("check-yaml a mapping", mappingYaml.toString(), "check-yaml", mappingYaml));
        checkYaml.add(c("check-yaml a directory", tmp.toString(), "check-yaml", tmp));
        checkYaml.add(c("check-yaml without a file", "FILE", "check-yaml"));
        cases.put("check-yaml", checkYaml);

        cases.put("explain", List.of(c("explain an unknown operator", "nosuch::op", "explain", "nosuch::op"),
                c("explain a malformed name", null, "explain", "add(("),
                c("explain nothing", "OP", "explain")));

        cases.put("inline-check", List.of(
                c("inline-check --jvm missing", missing.toString(), "inline-check", "--bench-jar", emptyJar, "--jvm", missing),
                c("inline-check --jvm garbage", garbage.toString(), "inline-check", "--bench-jar", emptyJar, "--jvm", garbage),
                c("inline-check --jvm-args unbalanced", null, "inline-check", "--bench-jar", emptyJar, "--jvm-args", "\"-Xmx1g"),
                c("inline-check --bench-jar missing", missing.toString(), "inline-check", "--bench-jar", missing),
                c("inline-check --bench-jar no JMH jar", emptyJar.toString(), "inline-check", "--bench-jar", emptyJar),
                c("inline-check --benchmarks bad regex", "--benchmarks", "inline-check", "--bench-jar", emptyJar,
                        "--benchmarks", "(add"),
                c("inline-check --out under a file", notADirectory.toString(), "inline-check", "--bench-jar", emptyJar,
                        "--out", notADirectory)));

        List<Case> compare = new ArrayList<>();
        for (Path f : List.of(missing, empty, garbage, deepJson, objectJson, noPrimaryJson, stringScoreJson, tmp)) {
            compare.add(c("compare BEFORE " + f.getFileName(), f.toString(), "compare", f, goodJson));
            compare.add(c("compare AFTER " + f.getFileName(), f.toString(), "compare", goodJson, f));
            compare.add(c("compare --report-only " + f.getFileName(), f.toString(), "compare", "--report-only", goodJson, f));
        }
        compare.add(c("compare runs in different units", "ops/us", "compare", goodJson, otherUnitJson));
        compare.add(c("compare --max-slowdown negative", "slowdown", "compare", "--max-slowdown", "-1", goodJson, goodJson));
        compare.add(c("compare --max-slowdown NaN", "slowdown", "compare", "--max-slowdown", "NaN", goodJson, goodJson));
        compare.add(c("compare --max-alloc-growth text", "--max-alloc-growth", "compare", "--max-alloc-growth", "lots",
                goodJson, goodJson));
        compare.add(c("compare --markdown under a file", notADirectory.toString(), "compare", "--markdown",
                notADirectory.resolve("c.md"), goodJson, goodJson));
        compare.add(c("compare --markdown a directory", tmp.toString(), "compare", "--markdown", tmp, goodJson, goodJson));
        compare.add(c("compare one run", "AFTER", "compare", goodJson));
        cases.put("compare", compare);

        cases.put("report", List.of(
                c("report --jvm missing", missing.toString(), "report", "--jvm", missing),
                c("report --jvm garbage", garbage.toString(), "report", "--jvm", garbage),
                c("report --out under a file", notADirectory.toString(), "report", "--out", notADirectory),
                c("report --rerender missing", missing.toString(), "report", "--rerender", missing),
                c("report --rerender not a report", tmp.toString(), "report", "--rerender", tmp),
                c("report --rerender with --jvm", "--rerender", "report", "--rerender", tmp, "--jvm", missing)));

        cases.put("warmup", List.of(
                c("warmup --seconds 0", "--seconds", "warmup", "--seconds", "0"),
                c("warmup --seconds text", "--seconds", "warmup", "--seconds", "ten"),
                c("warmup --jvm missing", missing.toString(), "warmup", "--jvm", missing),
                c("warmup --bench-jar missing", missing.toString(), "warmup", "--bench-jar", missing),
                c("warmup --out under a file", notADirectory.toString(), "warmup", "--out", notADirectory.resolve("w.json"))));

        List<Case> stubs = new ArrayList<>();
        Path out = tmp.resolve("stubs-out");
        Path backend = Files.writeString(tmp.resolve("backend.yaml"),
                "backend: Lazy\njava_package: org.example.lazy\nsupported:\n- add.Tensor\n");
        for (Path f : badYamlFiles()) {
            stubs.add(c("backend-stubs --source-yaml " + f.getFileName(), f.toString(), "backend-stubs",
                    "--source-yaml", f, "--output-dir", out));
            stubs.add(c("backend-stubs --ops-yaml " + f.getFileName(), f.toString(), "backend-stubs",
                    "--source-yaml", backend, "--ops-yaml", f, "--output-dir", out));
        }
        stubs.add(c("backend-stubs --output-dir under a file", notADirectory.toString(), "backend-stubs",
                "--source-yaml", backend, "--output-dir", notADirectory));
        stubs.add(c("backend-stubs --impl-path missing", missing.toString(), "backend-stubs",
                "--source-yaml", backend, "--output-dir", out, "--impl-path", missing));
        stubs.add(c("backend-stubs without --source-yaml", "--source-yaml", "backend-stubs", "--output-dir", out));
        cases.put("backend-stubs", stubs);

        cases.put("help", List.of(c("help for no such command", "nosuch", "help", "nosuch")));
        return cases;
    }

    private static List<String> subcommands() {
        return new ArrayList<>(JitDispatchCli.commandLine().getSubcommands().keySet());
    }

    @TestFactory
    Stream<DynamicTest> everySubcommandHasCases() throws IOException {
        Map<String, List<Case>> cases = cases();
        return Stream.of(DynamicTest.dynamicTest("the cases cover exactly the subcommands",
                () -> assertEquals(new TreeSet<>(subcommands()), new TreeSet<>(cases.keySet()))));
    }

    @TestFactory
    Stream<DynamicTest> malformedInputFailsWithAShortMessageAndNoStackTrace() throws IOException {
        return cases().values().stream().flatMap(List::stream).map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            CliRun run = CliRun.of(c.args().toArray(String[]::new));
            assertRejected(run, c.mentions());
        }));
    }

    /**
     * For every subcommand: an unknown option (picocli reports missing required arguments first), and a value
     * that is not a number for each numeric option. picocli's own {@code help} takes any word for a command
     * name, so it has no unknown options.
     */
    @TestFactory
    Stream<DynamicTest> badOptionsOfEverySubcommandAreRejected() {
        List<DynamicTest> tests = new ArrayList<>();
        Map<String, CommandLine> commands = JitDispatchCli.commandLine().getSubcommands();
        for (String name : subcommands()) {
            if (!name.equals("help")) {
                tests.add(DynamicTest.dynamicTest(name + " --no-such-option", () -> {
                    CliRun run = CliRun.of(name, "--no-such-option");
                    assertRejected(run, run.err().contains("Missing required") ? "Missing required" : "--no-such-option");
                }));
            }
            CommandSpec spec = commands.get(name).getCommandSpec();
            for (OptionSpec option : spec.options()) {
                Class<?> type = option.type();
                if (type == double.class || type == int.class || type == Double.class || type == Integer.class) {
                    tests.add(DynamicTest.dynamicTest(name + " " + option.longestName() + " not-a-number", () ->
                            assertRejected(CliRun.of(name, option.longestName(), "not-a-number"), option.longestName())));
                }
            }
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> verbosePrintsTheStackTrace() throws IOException {
        fixtures();
        return Stream.of(DynamicTest.dynamicTest("compare --verbose", () -> {
            CliRun run = CliRun.of("compare", "--verbose", goodJson.toString(), goodJson.toString(),
                    "--markdown", notADirectory.resolve("c.md").toString());
            assertEquals(2, run.code());
            assertTrue(run.err().contains("\tat "), run.err());
        }));
    }

    private static void assertRejected(CliRun run, String mentions) {
        String shown = "exit " + run.code() + "\nstdout:\n" + run.out() + "\nstderr:\n" + run.err();
        assertNotEquals(0, run.code(), shown);
        assertFalse(run.showsAStackTrace(), shown);
        assertFalse(run.err().isBlank(), "a message on stderr: " + shown);
        long lines = run.err().lines().filter(l -> !l.isBlank()).count();
        assertTrue(lines <= 3, "one-line-ish: " + shown);
        assertTrue(run.err().lines().allMatch(l -> l.length() < 400), "no line echoes the input: " + shown);
        if (mentions != null) {
            assertTrue(run.err().contains(mentions), "names " + mentions + ": " + shown);
        }
        assertFalse(run.err().contains(":0:"), "a real line number: " + shown);
    }

}
