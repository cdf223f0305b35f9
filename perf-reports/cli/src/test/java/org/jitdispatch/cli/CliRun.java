package org.jitdispatch.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** One in-process run of the command line with its exit code, stdout and stderr. */
record CliRun(int code, String out, String err) {
    static CliRun of(String... args) {
        PrintStream savedOut = System.out;
        PrintStream savedErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            int code = JitDispatchCli.run(args);
            return new CliRun(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setOut(savedOut);
            System.setErr(savedErr);
        }
    }

    /** Whether stdout or stderr shows a stack trace (or a picocli warning). */
    boolean showsAStackTrace() {
        String all = out + err;
        return all.contains("\tat ") || all.contains("Exception in thread") || all.contains(".java:")
                || all.contains("[picocli WARN]");
    }
}
