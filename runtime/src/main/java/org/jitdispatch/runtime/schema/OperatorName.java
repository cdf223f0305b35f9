package org.jitdispatch.runtime.schema;

import java.util.List;
import java.util.Objects;

/**
 * An operator's name: optional namespace, name, optional overload name, as in
 * {@code aten::add_.Tensor}. Combines torchgen's {@code OperatorName} and
 * {@code BaseOperatorName}; the inplace and dunder properties that torchgen stores are derived
 * from the name here, with torchgen's rules.
 *
 * @param namespace the namespace ({@code aten}, {@code myops}), or "" when absent
 * @param name the operator name including any inplace marker ({@code add_}, {@code __iand__})
 * @param overloadName the overload name ({@code Tensor}, {@code out}), or "" when absent
 */
public record OperatorName(String namespace, String name, String overloadName) {

    /**
     * Names that validly are {@code __iXXX__} indicating inplace operations (torchgen's
     * AUGMENTED_ASSIGNMENT_NAMES, from PEP 203).
     */
    private static final List<String> AUGMENTED_ASSIGNMENT_NAMES =
            List.of("add", "sub", "mul", "div", "mod", "pow", "lshift", "rshift", "and", "xor", "or");

    private static final String FUNCTIONAL_SUFFIX = "_functional";

    public OperatorName {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(overloadName, "overloadName");
        if (!namespace.isEmpty()) {
            Identifiers.require(namespace, "operator namespace");
        }
        Identifiers.require(name, "operator name");
        if (!overloadName.isEmpty()) {
            Identifiers.require(overloadName, "overload name");
        }
        checkNameRules(name);
    }

    /** Parses {@code aten::add.Tensor}, {@code add.Tensor}, {@code add}, {@code __iand__.Scalar}, ... */
    public static OperatorName parse(String text) {
        return SchemaParser.parseOperatorName(text);
    }

    /** torchgen's BaseOperatorName.parse rules, those not already implied by the identifier syntax. */
    private static void checkNameRules(String name) {
        if (name.endsWith("_out")) {
            throw new IllegalArgumentException("_out suffix is reserved and not permitted for operator names; "
                    + "did you mean to specify an out overload name instead?");
        }
        if (name.chars().allMatch(c -> c == '_')) {
            // "_" would be an inplace operator with an empty base name.
            throw new IllegalArgumentException("operator name '" + name + "' must contain a letter or digit");
        }
        String base = baseOf(name);
        // See torchgen's Note [Overload Ambiguity With Functional Variants]: "foo_functional" is the
        // functional twin of a mutable "foo"; torchgen bans combining that with inplace (or dunder).
        if (base.endsWith(FUNCTIONAL_SUFFIX) && inplace(name)) {
            throw new IllegalArgumentException("operator name '" + name + "' ends in " + FUNCTIONAL_SUFFIX
                    + ", which marks the functional variant of a mutable operator; it cannot also be inplace");
        }
        // torchgen also asserts that a non-inplace dunder name does not start with 'i', but says
        // itself that this "is not intrinsically true", and TorchScript has aten::__is__ and
        // aten::__isnot__; we do not port that assert.
    }

    /** The part between the double underscores of a dunder name ({@code __and__} -> {@code and}), or null. */
    private static String dunderInner(String name) {
        // torchgen: ^__([^_]+)__$
        if (name.length() > 4 && name.startsWith("__") && name.endsWith("__")) {
            String inner = name.substring(2, name.length() - 2);
            if (inner.indexOf('_') < 0) {
                return inner;
            }
        }
        return null;
    }

    private static boolean inplace(String name) {
        String inner = dunderInner(name);
        if (inner != null) {
            return inner.startsWith("i") && AUGMENTED_ASSIGNMENT_NAMES.contains(inner.substring(1));
        }
        return name.endsWith("_");
    }

    private static String baseOf(String name) {
        if (!inplace(name)) {
            return name;
        }
        String inner = dunderInner(name);
        return inner != null ? "__" + inner.substring(1) + "__" : name.substring(0, name.length() - 1);
    }

    /** Whether the name is a Python magic method name such as {@code __and__} or {@code __iand__}. */
    public boolean isDunder() {
        return dunderInner(name) != null;
    }

    /**
     * Whether this is an inplace operator: a trailing {@code _} on an ordinary name ({@code add_}),
     * or an augmented-assignment dunder ({@code __iand__}, {@code __iadd__}, ...).
     */
    public boolean isInplace() {
        return inplace(name);
    }

    /**
     * The name without its inplace marker, i.e. the name of the out-of-place counterpart:
     * {@code add_} -> {@code add}, {@code __iand__} -> {@code __and__}; other names unchanged.
     */
    public String baseName() {
        return baseOf(name);
    }

    /** The name with its namespace, without the overload: {@code aten::add}, or {@code add} when there is none. */
    public String qualifiedName() {
        return namespace.isEmpty() ? name : namespace + "::" + name;
    }

    public OperatorName withNamespace(String namespace) {
        return new OperatorName(namespace, name, overloadName);
    }

    public OperatorName withOverloadName(String overloadName) {
        return new OperatorName(namespace, name, overloadName);
    }

    /** The name as it is written: {@code aten::add.Tensor}, {@code add}, ... */
    @Override
    public String toString() {
        return overloadName.isEmpty() ? qualifiedName() : qualifiedName() + "." + overloadName;
    }
}
