package org.jitdispatch.perf.jvm;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JVM that runs the benchmarks and every other child process of {@code inline-check} and
 * {@code report}: its {@code java} executable, what it is (as {@code java -version} prints it) and the extra
 * flags given to it.
 *
 * @param java    the {@code java} executable, absolute
 * @param version {@code java.version}, e.g. {@code 25.0.3}
 * @param vm      the VM as {@code -version} names it: {@code java.vm.name}, then the vendor's version if any,
 *                e.g. {@code OpenJDK 64-Bit Server VM Temurin-25.0.3+9}
 * @param build   the runtime's build, {@code java.runtime.version}, e.g. {@code 25.0.3+9-LTS}
 * @param args    extra JVM flags for the benchmark JVMs ({@code --jvm-args}), possibly none
 */
public record BenchmarkJvm(Path java, String version, String vm, String build, List<String> args) {
    /** The oldest Java the benchmarks and the CLI's own classes (the profiler probe's) run on. */
    public static final int MINIMUM_FEATURE = 17;

    private static final Pattern VERSION_LINE = Pattern.compile("^\\S+ version \"([^\"]+)\"", Pattern.MULTILINE);
    private static final Pattern BUILD = Pattern.compile("^(.*?) \\(build ([^,)]+)[,)]", Pattern.MULTILINE);

    public BenchmarkJvm {
        args = List.copyOf(args);
    }

    /** The JVM running this command line, with no extra flags: the default. */
    public static BenchmarkJvm current() {
        String vendorVersion = System.getProperty("java.vendor.version");
        String vm = System.getProperty("java.vm.name")
                + (vendorVersion == null || vendorVersion.isBlank() ? "" : " " + vendorVersion);
        return new BenchmarkJvm(Path.of(System.getProperty("java.home"), "bin", "java"),
                System.getProperty("java.version"), vm, System.getProperty("java.runtime.version"), List.of());
    }

    /**
     * The JVM chosen with {@code --jvm} (a {@code java} executable or a JDK home; null for this one) and
     * {@code --jvm-args} (null for none). Unless both are absent, runs {@code java [args] -version} once: it
     * must succeed and name Java 17 or newer, which also checks the flags.
     *
     * @throws InvalidJvmException with a one-line message for the user
     */
    public static BenchmarkJvm choose(String jvmOption, String jvmArgsOption) throws InvalidJvmException,
            InterruptedException {
        List<String> args = JvmArgs.split(jvmArgsOption);
        if (jvmOption == null && args.isEmpty()) {
            return current();
        }
        Path java = jvmOption == null ? current().java() : executable(jvmOption);
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(args);
        cmd.add("-version");
        String shown = String.join(" ", cmd);
        String output;
        int exit;
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            p.getOutputStream().close();
            output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new InvalidJvmException("'" + shown + "' did not finish within 60 s");
            }
            exit = p.exitValue();
        } catch (IOException e) {
            throw new InvalidJvmException("cannot run " + java + ": " + e.getMessage());
        }
        return fromVersionOutput(java, args, shown, exit, output);
    }

    /**
     * The {@code java} executable {@code --jvm} names: the file itself, or {@code bin/java} of a JDK (or JRE)
     * home; absolute.
     */
    static Path executable(String option) throws InvalidJvmException {
        Path path = Path.of(option).toAbsolutePath().normalize();
        if (!Files.exists(path)) {
            throw new InvalidJvmException("--jvm " + option + ": no such file or directory");
        }
        if (Files.isDirectory(path)) {
            Path java = path.resolve("bin").resolve("java");
            if (!Files.isRegularFile(java)) {
                throw new InvalidJvmException("--jvm " + option + ": a directory without bin/java (give a java"
                        + " executable or a JDK home)");
            }
            path = java;
        }
        if (!Files.isRegularFile(path)) {
            throw new InvalidJvmException("--jvm " + option + ": not a regular file");
        }
        if (!Files.isExecutable(path)) {
            throw new InvalidJvmException("--jvm " + option + ": " + path + " is not executable");
        }
        return path;
    }

    /** The JVM described by what {@code java -version} printed (stdout and stderr together) and its exit status. */
    static BenchmarkJvm fromVersionOutput(Path java, List<String> args, String shown, int exit, String output)
            throws InvalidJvmException {
        if (exit != 0) {
            throw new InvalidJvmException("'" + shown + "' failed (exit " + exit + "): " + firstLine(output));
        }
        Matcher v = VERSION_LINE.matcher(output);
        if (!v.find()) {
            throw new InvalidJvmException("'" + shown + "' printed no Java version (is " + java + " a java"
                    + " executable?): " + firstLine(output));
        }
        String version = v.group(1);
        int feature = feature(version);
        if (feature < MINIMUM_FEATURE) {
            throw new InvalidJvmException(java + " is Java " + version + "; the benchmarks need Java "
                    + MINIMUM_FEATURE + " or newer");
        }
        // the runtime's line, then the VM's: "OpenJDK 64-Bit Server VM Temurin-25.0.3+9 (build 25.0.3+9-LTS, ...)"
        String build = version;
        String vm = "Java VM";
        Matcher b = BUILD.matcher(output.substring(v.end()));
        boolean first = true;
        while (b.find()) {
            if (first) {
                build = b.group(2).trim();
                first = false;
            }
            vm = b.group(1).trim();
        }
        return new BenchmarkJvm(java, version, vm, build, args);
    }

    /** The feature release of a {@code java.version}: 25 of {@code 25.0.3} and {@code 25-ea}, 8 of {@code 1.8.0_392}. */
    public static int feature(String version) {
        Matcher m = Pattern.compile("^(?:1\\.)?(\\d+)").matcher(version);
        return m.find() ? Integer.parseInt(m.group(1)) : 0;
    }

    private static String firstLine(String output) {
        for (String line : output.split("\n")) {
            if (!line.isBlank() && !line.startsWith("Picked up ") && !line.startsWith("NOTE: Picked up ")) {
                return line.strip();
            }
        }
        return "no output";
    }

    /** The feature release, e.g. 25. */
    public int feature() {
        return feature(version);
    }

    /** As the report's run data keeps it: the VM and the runtime's build. */
    public String vmAndBuild() {
        return vm + " " + build;
    }

    /** One line for output headers: {@code JDK 25.0.3 (OpenJDK 64-Bit Server VM ..., build ...) at /path/bin/java}. */
    public String describe() {
        return "JDK " + version + " (" + vm + ", build " + build + ") at " + java;
    }

    /**
     * Flags the chosen JVM needs as the JMH process's own (its forks inherit them): from Java 22, native
     * access for the unnamed module, where JMH's async profiler loads its library with System.load (Java 24
     * warns about it, and later releases will refuse it).
     */
    public List<String> jmhHostArgs() {
        return feature() >= 22 ? List.of("--enable-native-access=ALL-UNNAMED") : List.of();
    }

    /**
     * The start of a JMH command line on this JVM: {@code java [host flags] -jar JAR}; JMH's options (among
     * them {@link #jmhForkOptions}) follow.
     */
    public List<String> jmhCommand(Path benchmarksJar) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(jmhHostArgs());
        cmd.add("-jar");
        cmd.add(benchmarksJar.toString());
        return cmd;
    }

    /**
     * JMH's options that make its forks this JVM with these flags, then {@code moreJvmArgs}:
     * {@code -jvm JAVA [-jvmArgsAppend ARGS]}. The flags go to the forks only: given to the JMH process,
     * they would reach the forks twice (JMH forks inherit its JVM's input arguments).
     */
    public List<String> jmhForkOptions(List<String> moreJvmArgs) {
        List<String> opts = new ArrayList<>(List.of("-jvm", java.toString()));
        List<String> all = new ArrayList<>(args);
        all.addAll(moreJvmArgs);
        if (!all.isEmpty()) {
            opts.add("-jvmArgsAppend");
            opts.add(JvmArgs.forJmh(all));
        }
        return opts;
    }

    /** The start of a plain child JVM's command line: {@code java [args]}. */
    public List<String> command() {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.addAll(args);
        return cmd;
    }
}
