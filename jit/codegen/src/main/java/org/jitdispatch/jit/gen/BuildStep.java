package org.jitdispatch.jit.gen;

import picocli.CommandLine;

/** Runs a generator command from a Maven build (exec-maven-plugin's {@code exec:java}). */
final class BuildStep {
    private BuildStep() {
    }

    /**
     * Runs {@code command} with {@code args}; a failure throws rather than exiting, since under exec:java a
     * {@code System.exit} would end the whole build JVM without a message.
     */
    static void run(Object command, String[] args, String what) {
        int code = new CommandLine(command).execute(args);
        if (code != 0) {
            throw new IllegalStateException(what + " failed (exit " + code + "); see the errors above");
        }
    }
}
