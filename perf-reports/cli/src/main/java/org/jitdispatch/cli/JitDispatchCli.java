package org.jitdispatch.cli;

import org.jitdispatch.jit.gen.BackendStubsMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code jitdispatch} command: one subcommand per job. */
@Command(name = "jitdispatch",
        mixinStandardHelpOptions = true,
        version = "jitdispatch 0.1.0",
        description = "A PyTorch-style operator dispatcher for the JVM whose dispatch is compiled.",
        subcommands = {CheckYamlCommand.class, ExplainCommand.class, InlineCheckCommand.class, CompareCommand.class,
                ReportCommand.class, WarmupCommand.class, BackendStubsMain.class, CommandLine.HelpCommand.class})
public final class JitDispatchCli {
    static final String VERBOSE = "--verbose";

    @Option(names = VERBOSE, scope = ScopeType.INHERIT,
            description = "On failure, also print the stack trace (to report a bug with).")
    boolean verbose;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (for tests). */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /**
     * The command line with every subcommand, set up so that no failure prints a stack trace unless
     * {@code --verbose} asks for one.
     */
    static CommandLine commandLine() {
        return new CommandLine(new JitDispatchCli())
                .setExecutionStrategy(new GuardedExecution())
                .setParameterExceptionHandler(new UsageErrorHandler())
                .setExecutionExceptionHandler(new ExecutionErrorHandler());
    }
}
