package org.jitdispatch.cli;

import java.nio.file.Path;
import org.jitdispatch.jit.gen.BackendStubsMain;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Input checks for the subcommands that are defined in other modules and read their files themselves:
 * {@code backend-stubs} is jit's build-time generator, run here as a subcommand. It reads its YAML files
 * itself, within jit's limits and with {@code FILE:LINE: message} errors; here only its directories are
 * checked, so that a wrong one is one line naming the option and exit status 1, as for its YAML errors.
 */
final class InputPreflight {
    private InputPreflight() {
    }

    static void check(CommandLine command) {
        if (command.getCommand() instanceof BackendStubsMain) {
            backendStubs(command.getParseResult());
        }
    }

    private static void backendStubs(ParseResult options) {
        try {
            Path implPath = options.matchedOptionValue("--impl-path", null);
            if (implPath != null && !java.nio.file.Files.isDirectory(implPath)) {
                throw new BadInputException("--impl-path " + implPath + ": no such directory (expected the source root"
                        + " of the backend's kernel class)");
            }
            Path outputDir = options.matchedOptionValue("--output-dir", null);
            if (outputDir != null && !options.hasMatchedOption("--dry-run")) {
                InputFiles.requireCreatableDirectory("--output-dir", outputDir);
            }
        } catch (BadInputException e) {
            throw new CommandException(e.getMessage(), 1);
        }
    }
}
