package org.jitdispatch.jit.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jitdispatch.jit.yaml.YamlEntry;
import org.jitdispatch.jit.yaml.YamlException;
import org.jitdispatch.jit.yaml.YamlFile;
import org.jitdispatch.runtime.ScalarType;

/**
 * A ufuncs.yaml file: the elementwise loops written once, each as
 *
 * <pre>
 * - ufunc: add
 *   inputs: [self, other]
 *   scalars: [alpha]
 *   expression: self + alpha * other
 *   boolean_expression: self | (alpha &amp; other)
 *   dtypes: [Float32, Float64, Int32, Int64]
 *   iterator: [float, double, long, boolean]
 * </pre>
 *
 * {@code dtypes} asks for the fast-path loops over contiguous arrays, {@code iterator} for the general-path
 * loops over a TensorIterator (one per type the iterator's cursors compute in); an entry has one or both.
 * {@code result: bool} makes the loops write booleans (comparisons), which only the iterator loops do.
 * {@code float_expression}, {@code double_expression}, {@code long_expression} and {@code boolean_expression}
 * replace the expression in the iterator loop of that type.
 *
 * Every problem is reported at once, as {@code FILE:LINE: message (in ufunc 'add')}.
 */
public final class UfuncsYaml {
    static final List<String> KEYS = List.of("ufunc", "inputs", "scalars", "expression", "float_expression",
            "double_expression", "long_expression", "boolean_expression", "dtypes", "iterator", "result");

    /** The dtypes a loop can be generated for: those with a Java arithmetic type of their own. */
    static final List<ScalarType> LOOP_DTYPES = List.of(ScalarType.Float32, ScalarType.Float64, ScalarType.Int32,
            ScalarType.Int64);

    private final List<Ufunc> ufuncs;

    private UfuncsYaml(List<Ufunc> ufuncs) {
        this.ufuncs = List.copyOf(ufuncs);
    }

    public static UfuncsYaml read(Path path) {
        return load(YamlFile.read(path));
    }

    /** @throws OpsYamlException with every problem of the file */
    public static UfuncsYaml load(YamlFile yaml) {
        List<OpsYamlError> errors = new ArrayList<>();
        List<Ufunc> ufuncs = new ArrayList<>();
        Map<String, Integer> seen = new HashMap<>();
        for (YamlEntry e : yaml.entries()) {
            try {
                Ufunc u = parse(e);
                Integer first = seen.putIfAbsent(u.name(), e.line());
                if (first != null) {
                    throw e.error("ufunc", "duplicate ufunc '" + u.name() + "' (first at line " + first + ")");
                }
                ufuncs.add(u);
            } catch (YamlException ex) {
                errors.add(new OpsYamlError(ex.file(), ex.line(), ex.reason()));
            }
        }
        if (!errors.isEmpty()) {
            throw new OpsYamlException(errors);
        }
        return new UfuncsYaml(ufuncs);
    }

    public List<Ufunc> ufuncs() {
        return ufuncs;
    }

    private static Ufunc parse(YamlEntry e) {
        for (String key : e.keys()) {
            if (!KEYS.contains(key)) {
                throw e.error(key, "unknown key '" + key + "'; allowed keys: " + String.join(", ", KEYS));
            }
        }
        String name = e.scalar("ufunc").orElseThrow(() -> e.errorAt(e.line(), "missing 'ufunc: <name>'"));
        if (!JavaIdentifiers.isIdentifier(name)) {
            throw e.error("ufunc", "a ufunc's name must be a Java identifier, not '" + name + "'");
        }
        List<String> inputs = e.scalarList("inputs").orElseThrow(
                () -> e.errorAt(e.line(), "missing 'inputs: [self, ...]' (the tensor operands, in order)"));
        if (inputs.isEmpty() || inputs.size() > 3) {
            throw e.error("inputs", "a ufunc takes one to three tensor inputs, not " + inputs.size());
        }
        List<String> scalars = e.scalarList("scalars").orElse(List.of());
        List<String> names = new ArrayList<>(inputs);
        names.addAll(scalars);
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i);
            String key = i < inputs.size() ? "inputs" : "scalars";
            if (!JavaIdentifiers.isIdentifier(n)) {
                throw e.error(key, "'" + n + "' is not a Java identifier");
            }
            if (names.indexOf(n) != i) {
                throw e.error(key, "'" + n + "' is named twice among the inputs and scalars");
            }
        }
        String expression = e.scalar("expression").filter(s -> !s.isBlank()).orElseThrow(
                () -> e.errorAt(e.line(), "missing 'expression: ...' (a Java expression over the inputs and scalars)"));
        boolean boolResult = false;
        Optional<String> result = e.scalar("result");
        if (result.isPresent()) {
            if (!result.get().equals("bool")) {
                throw e.error("result", "'result' can only be 'bool' (a loop that writes booleans), not '"
                        + result.get() + "'");
            }
            boolResult = true;
        }
        List<ScalarType> dtypes = fastPathDtypes(e);
        List<LoopType> iteratorTypes = iteratorTypes(e);
        if (dtypes.isEmpty() && iteratorTypes.isEmpty()) {
            throw e.errorAt(e.line(), "a ufunc needs 'dtypes: [...]' (fast-path loops), 'iterator: [...]'"
                    + " (TensorIterator loops) or both");
        }
        if (!dtypes.isEmpty() && (inputs.size() > 2 || boolResult)) {
            throw e.error("dtypes", "fast-path loops take one or two inputs and write values of their dtype; list"
                    + " this ufunc's types under 'iterator' only");
        }
        Map<LoopType, String> typeExpressions = new EnumMap<>(LoopType.class);
        for (LoopType t : LoopType.values()) {
            String key = t.javaName() + "_expression";
            Optional<String> typed = e.scalar(key);
            if (typed.isEmpty()) {
                continue;
            }
            if (typed.get().isBlank()) {
                throw e.error(key, "'" + key + "' is empty");
            }
            if (!iteratorTypes.contains(t)) {
                throw e.error(key, "'" + key + "' is for the " + t.javaName() + " iterator loop, which 'iterator'"
                        + " does not list");
            }
            typeExpressions.put(t, typed.get());
        }
        return new Ufunc(new Location(e.file(), e.line()), name, inputs, scalars, expression, dtypes, iteratorTypes,
                boolResult, typeExpressions);
    }

    private static List<ScalarType> fastPathDtypes(YamlEntry e) {
        List<ScalarType> dtypes = new ArrayList<>();
        for (String d : e.scalarList("dtypes").orElse(List.of())) {
            ScalarType t = LOOP_DTYPES.stream().filter(x -> x.name().equals(d)).findFirst()
                    .orElseThrow(() -> e.error("dtypes", "'" + d + "' is not a loop dtype; loops exist for " + LOOP_DTYPES));
            if (dtypes.contains(t)) {
                throw e.error("dtypes", "'" + d + "' is listed twice");
            }
            dtypes.add(t);
        }
        return dtypes;
    }

    private static List<LoopType> iteratorTypes(YamlEntry e) {
        List<LoopType> types = new ArrayList<>();
        for (String name : e.scalarList("iterator").orElse(List.of())) {
            LoopType t = LoopType.of(name).orElseThrow(() -> e.error("iterator", "'" + name
                    + "' is not a type TensorIterator loops compute in; they are " + LoopType.names()));
            if (types.contains(t)) {
                throw e.error("iterator", "'" + name + "' is listed twice");
            }
            types.add(t);
        }
        return types;
    }
}
