package org.jitdispatch.cli;

import org.jitdispatch.perf.jvm.BenchmarkJvm;
import org.jitdispatch.perf.jvm.InvalidJvmException;
import org.jitdispatch.perf.jvm.JvmArgs;
import picocli.CommandLine.Option;

/** {@code --jvm} and {@code --jvm-args}: the JVM every benchmark process of a command runs on. */
final class JvmOptions {
    @Option(names = "--jvm", paramLabel = "PATH", description = "The JVM that runs the benchmarks and every other"
            + " process this command starts: a java executable, or a JDK home whose bin/java is used (default: the"
            + " JVM running this command). Java 17 or newer.")
    String jvm;

    @Option(names = "--jvm-args", paramLabel = "ARGS", description = "Extra JVM flags for the benchmark JVMs, split as a"
            + " shell would, e.g. \"-Xmx2g -XX:+UseParallelGC\".")
    String jvmArgs;

    /** Whether either option was given. */
    boolean given() {
        return jvm != null || jvmArgs != null;
    }

    /**
     * The chosen JVM, or null after printing a one-line error naming {@code command} to stderr (the caller
     * then exits with picocli's usage-error status).
     */
    BenchmarkJvm chooseOrComplain(String command) throws InterruptedException {
        try {
            return BenchmarkJvm.choose(jvm, jvmArgs);
        } catch (InvalidJvmException e) {
            System.err.println(command + ": " + e.getMessage());
            return null;
        }
    }

    /** The lines output headers print: the JVM, and its flags when there are any. */
    static String describe(BenchmarkJvm jvm) {
        return "JVM: " + jvm.describe() + (jvm.args().isEmpty() ? "" : "\nJVM flags: " + JvmArgs.display(jvm.args()));
    }
}
