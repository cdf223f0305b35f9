package org.jitdispatch.perf.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkJvmTest {
    private static final Path JAVA = Path.of("/opt/jdk/bin/java");

    private static BenchmarkJvm parse(String output) throws InvalidJvmException {
        return BenchmarkJvm.fromVersionOutput(JAVA, List.of(), JAVA + " -version", 0, output);
    }

    private static String refusal(String output) {
        return assertThrows(InvalidJvmException.class, () -> parse(output)).getMessage();
    }

    @Test
    void readsTheVersionTheVmAndTheBuildFromTheBanner() throws InvalidJvmException {
        BenchmarkJvm temurin = parse(FakeJava.TEMURIN_25);
        assertEquals("25.0.3", temurin.version());
        assertEquals(25, temurin.feature());
        assertEquals("OpenJDK 64-Bit Server VM Temurin-25.0.3+9", temurin.vm());
        assertEquals("25.0.3+9-LTS", temurin.build());
        assertEquals("JDK 25.0.3 (OpenJDK 64-Bit Server VM Temurin-25.0.3+9, build 25.0.3+9-LTS) at /opt/jdk/bin/java",
                temurin.describe());

        BenchmarkJvm debian = parse("""
                Picked up JAVA_TOOL_OPTIONS: -Dfile.encoding=UTF-8
                openjdk version "17.0.15" 2025-04-15
                OpenJDK Runtime Environment (build 17.0.15+6-Debian-1deb12u1)
                OpenJDK 64-Bit Server VM (build 17.0.15+6-Debian-1deb12u1, mixed mode, sharing)
                """);
        assertEquals("17.0.15", debian.version());
        assertEquals("OpenJDK 64-Bit Server VM 17.0.15+6-Debian-1deb12u1", debian.vmAndBuild(),
                "the run data's spelling, java.vm.name and java.runtime.version");

        BenchmarkJvm ea = parse("""
                openjdk version "26-ea" 2026-03-17
                OpenJDK Runtime Environment (build 26-ea+20-2000)
                OpenJDK 64-Bit Server VM (build 26-ea+20-2000, mixed mode, sharing)
                """);
        assertEquals(26, ea.feature());
    }

    @Test
    void featureReleasesOfEveryVersionScheme() {
        assertEquals(25, BenchmarkJvm.feature("25.0.3"));
        assertEquals(25, BenchmarkJvm.feature("25-ea"));
        assertEquals(17, BenchmarkJvm.feature("17"));
        assertEquals(8, BenchmarkJvm.feature("1.8.0_392"));
        assertEquals(11, BenchmarkJvm.feature("11.0.2"));
    }

    @Test
    void aJavaOlderThan17IsRefusedSayingWhichVersionItIs() {
        assertEquals("/opt/jdk/bin/java is Java 11.0.22; the benchmarks need Java 17 or newer", refusal("""
                openjdk version "11.0.22" 2024-01-16
                OpenJDK Runtime Environment (build 11.0.22+7-post-Debian-1deb11u1)
                OpenJDK 64-Bit Server VM (build 11.0.22+7-post-Debian-1deb11u1, mixed mode, sharing)
                """));
        assertEquals("/opt/jdk/bin/java is Java 1.8.0_392; the benchmarks need Java 17 or newer", refusal("""
                java version "1.8.0_392"
                Java(TM) SE Runtime Environment (build 1.8.0_392-b08)
                Java HotSpot(TM) 64-Bit Server VM (build 25.392-b08, mixed mode)
                """));
    }

    @Test
    void aFailingOrNonJavaExecutableIsRefusedWithItsOutput() {
        assertTrue(refusal("usage: frobnicate [-v]\n").startsWith("'/opt/jdk/bin/java -version' printed no Java version"));
        String failed = assertThrows(InvalidJvmException.class, () -> BenchmarkJvm.fromVersionOutput(JAVA,
                List.of("-XX:+Nope"), JAVA + " -XX:+Nope -version", 1,
                "Unrecognized VM option 'Nope'\nError: Could not create the Java Virtual Machine.\n")).getMessage();
        assertEquals("'/opt/jdk/bin/java -XX:+Nope -version' failed (exit 1): Unrecognized VM option 'Nope'", failed);
    }

    @Test
    void jvmIsAJavaExecutableOrAJdkHome(@TempDir Path tmp) throws Exception {
        FakeJava fake = FakeJava.inJdkHome(tmp.resolve("jdk"), FakeJava.TEMURIN_25);
        assertEquals(fake.java(), BenchmarkJvm.executable(tmp.resolve("jdk").toString()));
        assertEquals(fake.java(), BenchmarkJvm.executable(fake.java().toString()));
        String relative = Path.of("").toAbsolutePath().relativize(fake.java()).toString();
        assertEquals(fake.java(), BenchmarkJvm.executable(relative), "a relative path, made absolute");

        assertEquals("--jvm " + tmp.resolve("nope") + ": no such file or directory",
                assertThrows(InvalidJvmException.class, () -> BenchmarkJvm.executable(tmp.resolve("nope").toString()))
                        .getMessage());
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        assertTrue(assertThrows(InvalidJvmException.class, () -> BenchmarkJvm.executable(empty.toString()))
                .getMessage().endsWith(": a directory without bin/java (give a java executable or a JDK home)"));
        Path text = Files.writeString(tmp.resolve("java"), "not a program");
        Files.setPosixFilePermissions(text, PosixFilePermissions.fromString("rw-r--r--"));
        assertTrue(assertThrows(InvalidJvmException.class, () -> BenchmarkJvm.executable(text.toString()))
                .getMessage().endsWith(" is not executable"));
    }

    @Test
    void choosingRunsVersionOnceWithTheFlags(@TempDir Path tmp) throws Exception {
        FakeJava fake = FakeJava.inJdkHome(tmp.resolve("jdk"), FakeJava.TEMURIN_25);
        BenchmarkJvm jvm = BenchmarkJvm.choose(tmp.resolve("jdk").toString(), "-Xmx2g '-Dx=a b'");
        assertEquals(fake.java(), jvm.java());
        assertEquals("25.0.3", jvm.version());
        assertEquals(List.of("-Xmx2g", "-Dx=a b"), jvm.args());
        assertEquals(List.of(List.of(fake.java().toString(), "-Xmx2g", "-Dx=a b", "-version")), fake.invocations());
    }

    @Test
    void choosingAnOldJavaIsRefused(@TempDir Path tmp) throws Exception {
        FakeJava.inJdkHome(tmp.resolve("jdk11"), """
                openjdk version "11.0.22" 2024-01-16
                OpenJDK Runtime Environment (build 11.0.22+7)
                OpenJDK 64-Bit Server VM (build 11.0.22+7, mixed mode)
                """);
        String message = assertThrows(InvalidJvmException.class,
                () -> BenchmarkJvm.choose(tmp.resolve("jdk11").toString(), null)).getMessage();
        assertTrue(message.endsWith("is Java 11.0.22; the benchmarks need Java 17 or newer"), message);
    }

    @Test
    void withoutOptionsItIsThisJvmAsItsVersionBannerDescribesIt() throws Exception {
        BenchmarkJvm current = BenchmarkJvm.choose(null, null);
        assertEquals(BenchmarkJvm.current(), current);
        assertEquals(Path.of(System.getProperty("java.home"), "bin", "java"), current.java());
        assertEquals(List.of(), current.args());
        // what -version of this very JVM says must be what the default assumes without running it
        BenchmarkJvm asReported = BenchmarkJvm.choose(current.java().toString(), null);
        assertEquals(current, asReported);
    }

    @Test
    void commandLinesStartWithTheJvmAndCarryItsFlags() throws InvalidJvmException {
        BenchmarkJvm jvm = new BenchmarkJvm(JAVA, "25.0.3", "VM", "25.0.3+9", List.of("-Xmx2g", "-Dx=a b"));
        assertEquals(List.of("/opt/jdk/bin/java", "-Xmx2g", "-Dx=a b"), jvm.command());
        assertEquals(List.of("/opt/jdk/bin/java", "--enable-native-access=ALL-UNNAMED", "-jar", "b.jar"),
                jvm.jmhCommand(Path.of("b.jar")), "the flags reach JMH's forks through -jvmArgsAppend only");
        assertEquals(List.of("-jvm", "/opt/jdk/bin/java", "-jvmArgsAppend", "-Xmx2g \"-Dx=a b\" -XX:+Extra"),
                jvm.jmhForkOptions(List.of("-XX:+Extra")));

        BenchmarkJvm plain17 = new BenchmarkJvm(JAVA, "17.0.15", "VM", "17.0.15+6", List.of());
        assertEquals(List.of("/opt/jdk/bin/java", "-jar", "b.jar"), plain17.jmhCommand(Path.of("b.jar")));
        assertEquals(List.of("-jvm", "/opt/jdk/bin/java"), plain17.jmhForkOptions(List.of()));
    }
}
