package org.jitdispatch.jit.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jitdispatch.jit.yaml.YamlEntry;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.schema.Argument;
import org.jitdispatch.runtime.schema.FunctionSchema;
import org.jitdispatch.runtime.schema.SchemaParseException;

/**
 * derivatives.yaml in PyTorch's format: {@code - name: <full schema>} then one {@code <input>: <formula>}
 * per differentiable tensor input (a tensor list's formula gives one gradient per element). Every entry
 * must name an operator of ops.yaml with exactly its schema, and every formula key must be one of its
 * tensor arguments; errors name file, line and entry.
 */
public final class DerivativesYaml {
    private final List<Derivative> derivatives;

    private DerivativesYaml(List<Derivative> derivatives) {
        this.derivatives = derivatives;
    }

    public static DerivativesYaml read(Path path, OpsYaml ops) {
        return load(YamlFile.read(path), ops);
    }

    public static DerivativesYaml load(YamlFile yaml, OpsYaml ops) {
        List<Derivative> out = new ArrayList<>();
        List<OpsYamlError> errors = new ArrayList<>();
        for (YamlEntry e : yaml.entries()) {
            try {
                out.add(entry(e, ops));
            } catch (YamlException ex) {
                errors.add(new OpsYamlError(ex.file(), ex.line(), ex.reason()));
            }
        }
        if (!errors.isEmpty()) {
            throw new OpsYamlException(errors);
        }
        return new DerivativesYaml(List.copyOf(out));
    }

    public List<Derivative> derivatives() {
        return derivatives;
    }

    /** {@code output_differentiability: [True, False]}: one flag per return; empty when absent or a condition. */
    private static List<Boolean> outputDifferentiability(YamlEntry e, FunctionSchema schema) {
        if (!e.has("output_differentiability")) {
            return List.of();
        }
        List<String> flags = e.scalarList("output_differentiability").orElseThrow(() -> e.error("output_differentiability",
                "output_differentiability must be a list of True/False, one per output"));
        if (flags.size() != schema.returns().size()) {
            throw e.error("output_differentiability", "output_differentiability has " + flags.size() + " entries, but "
                    + schema.name() + " has " + schema.returns().size() + " outputs");
        }
        List<Boolean> out = new ArrayList<>();
        for (String flag : flags) {
            if (!flag.equals("True") && !flag.equals("False")) {
                if (flags.size() == 1) {
                    return List.of(); // a condition (differentiabilityCondition), not a flag
                }
                throw e.error("output_differentiability", "expected True or False, not '" + flag + "' (a condition"
                        + " is for an operator of one output)");
            }
            out.add(flag.equals("True"));
        }
        if (!out.contains(Boolean.TRUE)) {
            throw e.error("output_differentiability", "no output of " + schema.name() + " is differentiable");
        }
        return List.copyOf(out);
    }

    /**
     * {@code output_differentiability: ["dtype == null || dtype.isFloatingPoint()"]}: the one output is
     * differentiable only where the condition holds (a Java expression over the arguments); null when the entry
     * has flags or nothing.
     */
    private static String differentiabilityCondition(YamlEntry e) {
        if (!e.has("output_differentiability")) {
            return null;
        }
        List<String> flags = e.scalarList("output_differentiability").orElseThrow();
        String only = flags.get(0);
        return flags.size() == 1 && !only.equals("True") && !only.equals("False") ? only : null;
    }

    private static Derivative entry(YamlEntry e, OpsYaml ops) {
        String name = e.scalar("name").orElseThrow(() -> e.error("name", "missing required key 'name'"));
        FunctionSchema schema;
        try {
            schema = FunctionSchema.parse(name);
        } catch (SchemaParseException ex) {
            throw e.error("name", ex.getMessage());
        }
        NativeFunction f = ops.function(schema.name()).orElseThrow(() -> e.error("name",
                "no operator " + schema.name() + " in ops.yaml"));
        if (!f.func().equals(schema)) {
            throw e.error("name", "the schema differs from ops.yaml's: " + f.func());
        }
        Map<String, String> formulas = new LinkedHashMap<>();
        Set<String> covered = new HashSet<>();
        for (String key : e.keys()) {
            if (key.equals("name") || key.equals("result") || key.equals("dispatch")
                    || key.equals("output_differentiability")) {
                continue; // result: forward-mode formulas, not used here
            }
            List<String> inputs = Derivative.inputsOf(key);
            for (String input : inputs) {
                Argument arg = schema.arguments().stream().filter(a -> a.name().equals(input)).findFirst()
                        .orElseThrow(() -> e.error(key, "'" + input + "' is not an argument of " + schema.name()));
                if (!arg.type().isTensorLike()) {
                    throw e.error(key, "'" + input + "' is not a Tensor argument, so it has no gradient");
                }
                if (inputs.size() > 1 && arg.type().isList()) {
                    throw e.error(key, "'" + input + "' is a tensor list, which a formula of several inputs cannot give");
                }
                if (!covered.add(input)) {
                    throw e.error(key, "'" + input + "' has more than one gradient formula");
                }
            }
            formulas.put(key, e.scalar(key).orElseThrow());
        }
        if (formulas.isEmpty()) {
            throw e.error("name", "no gradient formula for any input of " + schema.name());
        }
        List<Boolean> differentiability = outputDifferentiability(e, schema);
        return new Derivative(schema, formulas, differentiability, differentiabilityCondition(e),
                new Location(e.file(), e.line()));
    }
}
