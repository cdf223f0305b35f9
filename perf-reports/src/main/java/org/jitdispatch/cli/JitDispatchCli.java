package org.jitdispatch.cli;

import org.jitdispatch.jit.gen.BackendStubsMain;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code jitdispatch} command: one subcommand per job. */
@Command(name = "jitdispatch",
        mixinStandardHelpOptions = true,
        version = "jitdispatch 0.1.0",
        description = "A PyTorch-style operator dispatcher for the JVM whose dispatch is compiled.",
        subcommands = {CheckYamlCommand.class, ExplainCommand.class, InlineCheckCommand.class, CompareCommand.class,
                ReportCommand.class, WarmupCommand.class, BackendStubsMain.class, CommandLine.HelpCommand.class})
public final class JitDispatchCli {
    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns the exit code (for tests). */
    public static int run(String... args) {
        return new CommandLine(new JitDispatchCli()).execute(args);
    }
}
