package org.jitdispatch.cli;

import java.nio.file.Path;
import org.jitdispatch.jit.gen.BackendStubsMain;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
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
            Path source = options.matchedOptionValue("--source-yaml", null);
            if (source != null) {
                YamlInput.read(source);
            }
            Path ops = options.matchedOptionValue("--ops-yaml", null);
            if (ops != null && YamlFile.parse(ops.toString(), YamlInput.read(ops)).entries().isEmpty()) {
                // else every operator of the backend would be reported unknown, one error per line
                throw new BadInputException(ops + ":1: no operators: the file has no entries (expected a list of"
                        + " '- func: ...' entries)");
            }
            Path implPath = options.matchedOptionValue("--impl-path", null);
            if (implPath != null && !java.nio.file.Files.isDirectory(implPath)) {
                throw new BadInputException("--impl-path " + implPath + ": no such directory (expected the source root"
                        + " of the backend's kernel class)");
            }
            Path outputDir = options.matchedOptionValue("--output-dir", null);
            if (outputDir != null && !options.hasMatchedOption("--dry-run")) {
                InputFiles.requireCreatableDirectory("--output-dir", outputDir);
            }
        } catch (BadInputException | YamlException e) {
            throw new CommandException(e.getMessage(), 1);
        }
    }
}
