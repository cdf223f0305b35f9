package org.jitdispatch.perf.jvm;

/** A {@code --jvm} or {@code --jvm-args} that cannot run the benchmarks; the message is one line for the user. */
public final class InvalidJvmException extends Exception {
    private static final long serialVersionUID = 1L;

    public InvalidJvmException(String message) {
        super(message);
    }
}
