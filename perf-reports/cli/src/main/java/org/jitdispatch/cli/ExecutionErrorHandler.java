package org.jitdispatch.cli;

import picocli.CommandLine;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.IExecutionExceptionHandler;
import picocli.CommandLine.ParseResult;

/**
 * What every subcommand does with an exception it did not handle: one line on stderr,
 * {@code jitdispatch <command>: <message>}, and the exit code of a {@link CommandException}, else 2.
 * The stack trace is printed only with {@code --verbose}: bad input is the user's to fix, and a trace
 * hides the one line that says how.
 */
final class ExecutionErrorHandler implements IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine command, ParseResult parseResult) {
        // GuardedExecution wraps the Errors that bad input can cause (StackOverflowError) into ExecutionExceptions
        Throwable failure = ex instanceof ExecutionException && ex.getCause() != null ? ex.getCause() : ex;
        System.out.flush();
        System.err.println(command.getCommandSpec().qualifiedName() + ": " + FailureMessage.of(failure));
        if (verbose(parseResult)) {
            failure.printStackTrace(System.err);
        }
        System.err.flush();
        return failure instanceof CommandException c ? c.exitCode() : CommandException.BAD_INPUT;
    }

    /** Whether {@code --verbose} was given, before or after the subcommand's name. */
    private static boolean verbose(ParseResult result) {
        for (ParseResult r = result; r != null; r = r.subcommand()) {
            if (r.hasMatchedOption(JitDispatchCli.VERBOSE)) {
                return true;
            }
        }
        return false;
    }
}
