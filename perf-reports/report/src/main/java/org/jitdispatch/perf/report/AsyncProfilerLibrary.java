package org.jitdispatch.perf.report;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Properties;

/**
 * async-profiler's native library, taken from the {@code tools.profiler:async-profiler} jar on the class
 * path (it carries one library per platform) and unpacked into a directory, since a JVM can only load a
 * library from a file.
 */
public final class AsyncProfilerLibrary {
    private static final String POM_PROPERTIES = "/META-INF/maven/tools.profiler/async-profiler/pom.properties";

    private final Path path;
    private final String version;

    private AsyncProfilerLibrary(Path path, String version) {
        this.path = path;
        this.version = version;
    }

    /** Unpacks the library for this OS and CPU into {@code dir}. */
    public static AsyncProfilerLibrary unpack(Path dir) throws IOException {
        String platform = platform(System.getProperty("os.name"), System.getProperty("os.arch"));
        String resource = "/" + platform + "/libasyncProfiler.so";
        try (InputStream in = AsyncProfilerLibrary.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("async-profiler's native library " + resource + " is not on the class path:"
                        + " the tools.profiler:async-profiler jar is missing or has no build for " + platform);
            }
            Files.createDirectories(dir);
            Path lib = dir.toAbsolutePath().resolve("libasyncProfiler.so");
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return new AsyncProfilerLibrary(lib, artifactVersion());
        }
    }

    /** async-profiler's name for a platform: linux-x64, linux-arm64 or macos. */
    static String platform(String osName, String osArch) throws IOException {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return "macos";
        }
        if (!os.contains("linux")) {
            throw new IOException("async-profiler has no build for " + osName + " (only Linux and macOS)");
        }
        return switch (osArch) {
            case "amd64", "x86_64" -> "linux-x64";
            case "aarch64", "arm64" -> "linux-arm64";
            default -> throw new IOException("async-profiler has no build for Linux on " + osArch);
        };
    }

    private static String artifactVersion() throws IOException {
        try (InputStream in = AsyncProfilerLibrary.class.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                return "unknown";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "unknown");
        }
    }

    public Path path() {
        return path;
    }

    /**
     * JMH's {@code -prof} value for this library: {@code event} sampled every millisecond (about a thousand
     * samples per second of measurement), collapsed stacks with frame annotations ({@code _[i]} inlined,
     * {@code _[j]} compiled, ...) written under {@code dir}, one directory per benchmark.
     */
    public String jmhProfilerOption(SamplingEvent event, Path dir) {
        return "async:libPath=" + path + ";event=" + event.name() + ";interval=1000000;output=collapsed;ann=true;dir="
                + dir.toAbsolutePath();
    }

    public String version() {
        return version;
    }
}
