package org.jitdispatch.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.jitdispatch.jit.check.SchemaFileCheck;
import org.jitdispatch.jit.model.IgnoredKey;
import org.jitdispatch.jit.model.OpsYaml;
import org.jitdispatch.jit.model.OpsYamlError;
import org.jitdispatch.jit.model.OpsYamlException;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code check-yaml [--schemas-only] FILE}: validates a native_functions.yaml-style file. */
@Command(name = "check-yaml", mixinStandardHelpOptions = true,
        description = {"Validates a native_functions.yaml-style file.",
                "Without options, checks every entry against the ops.yaml rules (keys, schemas, dispatch tables,"
                        + " structured kernels and their groups) and prints 'N operators OK (G structured groups)',"
                        + " then a line \"FILE:LINE: note: key 'x' is recognised and ignored\" for each PyTorch"
                        + " key that has no effect here; or, on stderr, one 'FILE:LINE: message' per error.",
                "With --schemas-only, only parses every 'func:' schema and checks that it prints back to the same"
                        + " text; prints 'N schemas parsed, N round-trip' and one 'FILE:LINE: message' per failure."},
        exitCodeListHeading = "Exit codes:%n",
        exitCodeList = {"0:the file is valid", "1:the file has errors (each printed as FILE:LINE: message) or no operators",
                "2:bad command line"})
final class CheckYamlCommand implements Callable<Integer> {
    @Option(names = "--schemas-only", description = "Only parse and round-trip the 'func:' schemas.")
    boolean schemasOnly;

    @Parameters(paramLabel = "FILE", description = "The YAML file to check.")
    Path file;

    /** jit's reader reads the file within its limits, and names the file, line and entry of every error. */
    @Override
    public Integer call() {
        return schemasOnly ? checkSchemas() : checkAll();
    }

    private int checkSchemas() {
        YamlFile yaml;
        try {
            yaml = YamlFile.read(file);
        } catch (YamlException e) {
            System.err.println(e.getMessage());
            return 1;
        }
        if (yaml.entries().isEmpty()) {
            // as OpsYaml reports it without --schemas-only
            System.err.println(new OpsYamlError(file.toString(), 0, OpsYaml.NO_ENTRIES));
            return 1;
        }
        SchemaFileCheck.Result result = SchemaFileCheck.check(yaml);
        result.failures().forEach(System.err::println);
        System.out.println(result.summary());
        return result.ok() ? 0 : 1;
    }

    private int checkAll() {
        OpsYaml ops;
        try {
            ops = OpsYaml.read(file); // an empty file is an error too
        } catch (OpsYamlException e) {
            e.errors().stream().map(OpsYamlError::toString).forEach(System.err::println);
            return 1;
        }
        System.out.println(ops.functions().size() + " operators OK (" + ops.structuredGroups().size()
                + " structured groups)");
        ops.ignoredKeys().stream().map(IgnoredKey::toString).forEach(System.out::println);
        return 0;
    }
}
