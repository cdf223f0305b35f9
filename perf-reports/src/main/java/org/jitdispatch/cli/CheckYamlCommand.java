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

    @Override
    public Integer call() {
        String text;
        try {
            text = YamlInput.read(file);
        } catch (BadInputException e) {
            System.err.println(e.getMessage());
            return 1;
        }
        return schemasOnly ? checkSchemas(text) : checkAll(text);
    }

    private int checkSchemas(String text) {
        YamlFile yaml;
        try {
            yaml = YamlFile.parse(file.toString(), text);
        } catch (YamlException e) {
            System.err.println(e.getMessage());
            return 1;
        }
        if (yaml.entries().isEmpty()) {
            System.err.println(noEntries());
            return 1;
        }
        SchemaFileCheck.Result result = SchemaFileCheck.check(yaml);
        result.failures().forEach(System.err::println);
        System.out.println(result.summary());
        return result.ok() ? 0 : 1;
    }

    private int checkAll(String text) {
        OpsYaml ops;
        try {
            ops = OpsYaml.parse(file.toString(), text);
        } catch (OpsYamlException e) {
            e.errors().stream().map(OpsYamlError::toString).forEach(System.err::println);
            return 1;
        }
        if (ops.functions().isEmpty()) {
            // an empty file is far more likely a wrong path or a truncated write than an intended library
            System.err.println(noEntries());
            return 1;
        }
        System.out.println(ops.functions().size() + " operators OK (" + ops.structuredGroups().size()
                + " structured groups)");
        ops.ignoredKeys().stream().map(IgnoredKey::toString).forEach(System.out::println);
        return 0;
    }

    private String noEntries() {
        return file + ":1: no operators: the file has no entries (expected a list of '- func: ...' entries)";
    }
}
