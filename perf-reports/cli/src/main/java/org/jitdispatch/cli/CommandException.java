package org.jitdispatch.cli;

/**
 * A command that cannot go on because of its input: the message is one line for the user (naming the
 * file, and its line when there is one), and the exit code is the command's documented one for it.
 * {@link ExecutionErrorHandler} prints it as {@code jitdispatch <command>: <message>}, without a stack trace.
 */
final class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** picocli's status for bad command-line input, and ours for bad input files. */
    static final int BAD_INPUT = 2;

    private final int exitCode;

    CommandException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    CommandException(String message) {
        this(message, BAD_INPUT);
    }

    int exitCode() {
        return exitCode;
    }
}
