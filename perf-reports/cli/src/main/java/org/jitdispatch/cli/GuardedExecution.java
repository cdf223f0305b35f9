package org.jitdispatch.cli;

import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.ExecutionException;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.RunLast;

/**
 * Runs the chosen subcommand as picocli's {@link RunLast} does, so that every failure reaches
 * {@link ExecutionErrorHandler}: picocli hands it exceptions only, while a deeply nested input fails with a
 * {@link StackOverflowError}. Before the subcommand runs, {@link InputPreflight} checks the directories
 * of the subcommands defined in other modules.
 */
final class GuardedExecution implements IExecutionStrategy {
    private final IExecutionStrategy inner = new RunLast();

    @Override
    public int execute(ParseResult parseResult) {
        List<CommandLine> chain = parseResult.asCommandLineList();
        CommandLine command = chain.get(chain.size() - 1);
        try {
            if (!helpRequested(chain)) {
                InputPreflight.check(command);
            }
            return inner.execute(parseResult);
        } catch (ExecutionException | ParameterException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError | OutOfMemoryError e) {
            throw new ExecutionException(command, String.valueOf(e.getMessage()), e);
        }
    }

    private static boolean helpRequested(List<CommandLine> chain) {
        return chain.stream().anyMatch(c -> c.isUsageHelpRequested() || c.isVersionHelpRequested());
    }
}
