package org.jitdispatch.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.IParameterExceptionHandler;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * A command line picocli cannot parse (an unknown option, a missing or malformed value): the message on
 * one line as {@code jitdispatch <command>: <message>}, picocli's "did you mean" suggestions when it has
 * some, and where the help is, rather than the whole usage text, which buries the message.
 */
final class UsageErrorHandler implements IParameterExceptionHandler {
    @Override
    public int handleParseException(ParameterException ex, String[] args) {
        CommandLine command = ex.getCommandLine();
        String name = command.getCommandSpec().qualifiedName();
        System.out.flush();
        System.err.println(name + ": " + ex.getMessage());
        PrintWriter err = new PrintWriter(System.err, true);
        UnmatchedArgumentException.printSuggestions(ex, err);
        err.flush();
        System.err.println("Try '" + name + " --help' for the options.");
        System.err.flush();
        return command.getCommandSpec().exitCodeOnInvalidInput();
    }
}
