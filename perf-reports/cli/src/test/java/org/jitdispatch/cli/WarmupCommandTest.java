package org.jitdispatch.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command around the run, with a stand-in for java: a script that writes a committed warm-up result
 * where it is told to (or fails), so nothing is timed here.
 */
class WarmupCommandTest {
    private record Outcome(int code, String out, String err) {
    }

    private static Outcome run(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true));
            System.setErr(new PrintStream(err, true));
            int code = JitDispatchCli.run(args);
            return new Outcome(code, out.toString(), err.toString());
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
    }

    /** A "java" that copies {@code result} to the path after --out, or prints and exits with {@code exit}. */
    private static Path fakeJava(Path dir, Path result, int exit) throws Exception {
        Path java = dir.resolve("java");
        String script = "#!/bin/sh\n"
                + "while [ $# -gt 0 ]; do if [ \"$1\" = --out ]; then out=\"$2\"; fi; shift; done\n"
                + (exit == 0 ? "cp '" + result + "' \"$out\"\necho ran\n" : "echo 'Exception in thread main: boom'\nexit " + exit + "\n");
        Files.writeString(java, script);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return java;
    }

    private static Path fixture() throws Exception {
        return Path.of(WarmupCommandTest.class.getResource("/report-fixture/after/warmup.json").toURI());
    }

    @Test
    void printsTheSummaryAndAVerdictPerTargetAndExitsZeroEitherWay(@TempDir Path tmp) throws Exception {
        Path jar = Files.writeString(tmp.resolve("benchmarks.jar"), "");
        Path out = tmp.resolve("w.json");
        Outcome o = run("warmup", "--seconds", "3", "--out", out.toString(), "--bench-jar", jar.toString(),
                "--jvm", fakeJava(tmp, fixture(), 0).toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains("org.jitdispatch.bench.warmup.MixedWarmup --seconds 3.0 --out " + out), o.out());
        assertTrue(o.out().contains("steady ") && o.out().contains("time to steady"), o.out());
        assertTrue(o.out().matches("(?s).*\\n  (PASS|MISS)  within 20% of steady after 2 s \\(.*"), o.out());
        assertTrue(o.out().matches("(?s).*\\n  (PASS|MISS)  no 250 ms interval after 2 s below 0.5x steady \\(.*"), o.out());
        assertTrue(o.out().contains("warm-up: " + out.toAbsolutePath().normalize()));
        assertEquals("ran\n", Files.readString(tmp.resolve("w.log")));
    }

    @Test
    void aJdkDirectoryIsTakenForItsJava(@TempDir Path tmp) throws Exception {
        Path jar = Files.writeString(tmp.resolve("benchmarks.jar"), "");
        Path bin = Files.createDirectories(tmp.resolve("jdk").resolve("bin"));
        fakeJava(bin, fixture(), 0);
        Outcome o = run("warmup", "--out", tmp.resolve("w.json").toString(), "--bench-jar", jar.toString(),
                "--jvm", tmp.resolve("jdk").toString());
        assertEquals(0, o.code(), o.err());
        assertTrue(o.out().contains(bin.resolve("java") + " -cp "), o.out());
    }

    @Test
    void aFailedRunIsExitOneWithTheEndOfItsLog(@TempDir Path tmp) throws Exception {
        Path jar = Files.writeString(tmp.resolve("benchmarks.jar"), "");
        Outcome o = run("warmup", "--out", tmp.resolve("w.json").toString(), "--bench-jar", jar.toString(),
                "--jvm", fakeJava(tmp, fixture(), 3).toString());
        assertEquals(1, o.code());
        assertTrue(o.err().startsWith("warmup failed: the warm-up run failed (exit 3); see "), o.err());
        assertTrue(o.err().contains("Exception in thread main: boom"), o.err());
    }

    @Test
    void badInputIsAMessageWithoutAStackTrace(@TempDir Path tmp) throws Exception {
        Outcome seconds = run("warmup", "--seconds", "0");
        assertEquals(2, seconds.code());
        assertTrue(seconds.err().contains("--seconds must be between 1 and 3600, not 0.0"), seconds.err());
        Outcome notANumber = run("warmup", "--seconds", "ten");
        assertEquals(2, notANumber.code());
        assertTrue(notANumber.err().contains("'ten' is not a double"), notANumber.err());

        Outcome noJvm = run("warmup", "--jvm", tmp.resolve("nowhere").toString());
        assertEquals(1, noJvm.code());
        assertEquals("warmup failed: --jvm " + tmp.resolve("nowhere") + ": no java executable there\n", noJvm.err());

        Outcome noJar = run("warmup", "--bench-jar", tmp.resolve("none.jar").toString(), "--out", tmp.resolve("w.json").toString());
        assertEquals(1, noJar.code());
        assertTrue(noJar.err().startsWith("warmup failed: " + tmp.resolve("none.jar") + " not found"), noJar.err());

        // a run that writes something that is no warm-up result
        Path jar = Files.writeString(tmp.resolve("benchmarks.jar"), "");
        Path garbage = Files.writeString(tmp.resolve("garbage.json"), "{\"format\": 1}");
        Outcome bad = run("warmup", "--out", tmp.resolve("g.json").toString(), "--bench-jar", jar.toString(),
                "--jvm", fakeJava(Files.createDirectories(tmp.resolve("g")), garbage, 0).toString());
        assertEquals(1, bad.code());
        assertTrue(bad.err().contains("is not a warm-up result"), bad.err());
        for (Outcome o : new Outcome[] {seconds, notANumber, noJvm, noJar, bad}) {
            assertFalse(o.err().contains("\tat ") || o.err().contains("Exception:"), "no stack trace: " + o.err());
        }
    }
}
