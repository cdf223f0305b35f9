package org.jitdispatch.perf.jvm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A shell script standing in for a {@code java} executable: it logs every command line it is started with
 * (one line, arguments separated by tabs), answers {@code -version} with a banner, and otherwise plays just
 * enough of each child process for a command to go on to the next one: as the profiler probe it writes a
 * sample, as a JMH run with {@code -rff FILE} it writes an empty result list; anything else fails.
 */
public final class FakeJava {
    /** The banner of a Temurin 25, as its {@code java -version} prints it. */
    public static final String TEMURIN_25 = """
            openjdk version "25.0.3" 2026-04-21 LTS
            OpenJDK Runtime Environment Temurin-25.0.3+9 (build 25.0.3+9-LTS)
            OpenJDK 64-Bit Server VM Temurin-25.0.3+9 (build 25.0.3+9-LTS, mixed mode, sharing)
            """;

    private final Path java;
    private final Path log;

    private FakeJava(Path java, Path log) {
        this.java = java;
        this.log = log;
    }

    /** A JDK home {@code dir} whose {@code bin/java} prints {@code banner} for {@code -version}. */
    public static FakeJava inJdkHome(Path dir, String banner) throws IOException {
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path java = bin.resolve("java");
        Path log = dir.resolve("invocations.log");
        StringBuilder echo = new StringBuilder();
        for (String line : banner.strip().split("\n")) {
            echo.append("      echo '").append(line).append("' >&2\n");
        }
        Files.writeString(java, "#!/bin/sh\n"
                + "{ printf '%s' \"$0\"; for a in \"$@\"; do printf '\\t%s' \"$a\"; done; printf '\\n'; } >> '" + log + "'\n"
                + "prev=\n"
                + "for a in \"$@\"; do\n"
                + "  case \"$a\" in\n"
                + "    -version)\n" + echo + "      exit 0;;\n"
                + "    -agentpath:*) echo 'BusyLoop.main;BusyLoop.spin 42' > \"${a##*file=}\"; exit 0;;\n"
                + "  esac\n"
                + "  if [ \"$prev\" = -rff ]; then echo '[]' > \"$a\"; exit 0; fi\n"
                + "  prev=\"$a\"\n"
                + "done\n"
                + "exit 1\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return new FakeJava(java, log);
    }

    public Path java() {
        return java;
    }

    /** Every command line the script was started with, oldest first. */
    public List<List<String>> invocations() throws IOException {
        List<List<String>> out = new ArrayList<>();
        if (Files.exists(log)) {
            for (String line : Files.readAllLines(log)) {
                out.add(Arrays.asList(line.split("\t", -1)));
            }
        }
        return out;
    }
}
