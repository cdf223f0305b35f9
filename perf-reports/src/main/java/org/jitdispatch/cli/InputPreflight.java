package org.jitdispatch.cli;

import java.nio.file.Path;
import org.jitdispatch.jit.gen.BackendStubsMain;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * Input checks for the subcommands that are defined in other modules and read their files themselves:
 * {@code backend-stubs} is jit's build-time generator, run here as a subcommand. Its YAML files are read
 * once within {@link YamlInput}'s limits and its output directory is checked, so that bad input is
 * {@code FILE:LINE: message} and exit status 1, as for its other YAML errors.
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
            for (String option : new String[] {"--source-yaml", "--ops-yaml"}) {
                Path file = options.matchedOptionValue(option, null);
                if (file != null) {
                    YamlInput.read(file);
                }
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
