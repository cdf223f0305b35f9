package org.jitdispatch.runtime.schema;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * An operator's schema, such as
 * {@code add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) -> Tensor(a!)}:
 * a port of torchgen's {@code FunctionSchema} (with the argument grouping of its {@code Arguments}).
 *
 * <p>Immutable, compared by structure, and lossless: {@link #toString()} prints the schema text
 * it was parsed from. Every instance satisfies PyTorch's schema invariants; see {@link #parse}.
 */
public final class FunctionSchema {

    /** torchgen's TensorOptions group: these keyword-only arguments, in this order. */
    private static final List<Map.Entry<String, BaseTy>> TENSOR_OPTIONS = List.of(
            Map.entry("dtype", BaseTy.SCALAR_TYPE),
            Map.entry("layout", BaseTy.LAYOUT),
            Map.entry("device", BaseTy.DEVICE),
            Map.entry("pin_memory", BaseTy.BOOL));

    private final OperatorName name;
    private final List<Argument> arguments;
    private final List<Return> returns;

    // Derived views, computed once.
    private final List<Argument> positional;
    private final List<Argument> kwargOnly;
    private final List<Argument> out;
    private final List<Argument> dispatch;
    private final String text;

    private FunctionSchema(OperatorName name, List<Argument> arguments, List<Return> returns) {
        this.name = Objects.requireNonNull(name, "name");
        this.arguments = List.copyOf(arguments);
        this.returns = List.copyOf(returns);
        this.positional = select(a -> !a.kwargOnly());
        // torchgen (Arguments._preparse): a keyword-only argument that is written to is an out
        // argument; see its Note [is_out_fn]. They are kept apart from the other kwarg-only ones.
        this.kwargOnly = select(a -> a.kwargOnly() && !a.isWrite());
        this.out = select(a -> a.kwargOnly() && a.isWrite());
        this.dispatch = select(a -> a.type().isTensorLike());
        this.text = print();
    }

    /**
     * Parses schema text, as found after {@code func:} in native_functions.yaml or passed to c10's
     * schema parser (namespaces such as {@code aten::} are allowed).
     *
     * <p>Besides the grammar (see the package documentation), the schema must satisfy the
     * invariants torchgen asserts about a schema on its own: out arguments (mutable keyword-only
     * arguments) come last and are returned in order; inplace operators mutate and return
     * {@code self}; mutable returns alias an out argument or {@code self}; returns are not a mix of
     * mutable and immutable; mutable positional arguments are not returned; a return aliases at
     * most one input; only functional operators take TensorOptions; plus unique argument and
     * return names and well-typed defaults.
     *
     * @throws SchemaParseException if the text is malformed or breaks an invariant
     */
    public static FunctionSchema parse(String text) {
        return SchemaParser.parseSchema(text);
    }

    /**
     * Builds a schema from parts, checking the same invariants as {@link #parse}. Arguments are
     * in schema order; those with {@link Argument#kwargOnly()} set must come last.
     *
     * @throws SchemaParseException if the parts break an invariant
     */
    public static FunctionSchema of(OperatorName name, List<Argument> arguments, List<Return> returns) {
        FunctionSchema schema = new FunctionSchema(name, arguments, returns);
        return validated(schema, schema.toString());
    }

    /** For the parser: like {@link #of}, but errors quote the text as the user wrote it. */
    static FunctionSchema create(OperatorName name, List<Argument> arguments, List<Return> returns, String text) {
        return validated(new FunctionSchema(name, arguments, returns), text);
    }

    private static FunctionSchema validated(FunctionSchema schema, String text) {
        try {
            SchemaInvariants.check(schema);
        } catch (IllegalArgumentException e) {
            throw new SchemaParseException(e.getMessage(), text, -1);
        }
        return schema;
    }

    private List<Argument> select(Predicate<Argument> predicate) {
        return arguments.stream().filter(predicate).collect(Collectors.toUnmodifiableList());
    }

    public OperatorName name() {
        return name;
    }

    /** All arguments in schema order: positional, then keyword-only, then out. */
    public List<Argument> arguments() {
        return arguments;
    }

    /** The arguments before the {@code *} marker. */
    public List<Argument> positionalArguments() {
        return positional;
    }

    /** The arguments after the {@code *} marker, excluding out arguments. */
    public List<Argument> kwargOnlyArguments() {
        return kwargOnly;
    }

    /** The out arguments: keyword-only arguments that are written to ({@code Tensor(a!) out}). */
    public List<Argument> outArguments() {
        return out;
    }

    public List<Return> returns() {
        return returns;
    }

    /**
     * The arguments the dispatcher computes dispatch keys from, in order: those whose type is
     * {@linkplain Type#isTensorLike() tensor-like}, wherever they are in the list (out arguments
     * included, as in c10's DispatchKeyExtractor).
     */
    public List<Argument> dispatchArguments() {
        return dispatch;
    }

    /** torchgen's self argument: the first positional argument named {@code self}. */
    public Optional<Argument> selfArgument() {
        int self = selfIndex();
        return self < 0 ? Optional.empty() : Optional.of(positional.get(self));
    }

    /** torchgen's pre_self_positional: positional arguments before {@code self} (empty without self). */
    List<Argument> preSelfPositional() {
        int self = selfIndex();
        return self < 0 ? List.of() : positional.subList(0, self);
    }

    /** torchgen's post_self_positional: positional arguments after {@code self} (all of them without self). */
    List<Argument> postSelfPositional() {
        return positional.subList(selfIndex() + 1, positional.size());
    }

    private int selfIndex() {
        for (int i = 0; i < positional.size(); i++) {
            if (positional.get(i).name().equals("self")) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Whether the keyword-only arguments include torchgen's TensorOptions group: consecutive
     * {@code dtype}, {@code layout}, {@code device}, {@code pin_memory} of types ScalarType,
     * Layout, Device, bool (each possibly optional), as factory functions have.
     */
    public boolean hasTensorOptions() {
        for (int start = 0; start + TENSOR_OPTIONS.size() <= kwargOnly.size(); start++) {
            if (tensorOptionsAt(start)) {
                return true;
            }
        }
        return false;
    }

    private boolean tensorOptionsAt(int start) {
        for (int i = 0; i < TENSOR_OPTIONS.size(); i++) {
            Argument a = kwargOnly.get(start + i);
            Type type = a.type() instanceof OptionalType o ? o.elem() : a.type();
            if (!a.name().equals(TENSOR_OPTIONS.get(i).getKey()) || !type.is(TENSOR_OPTIONS.get(i).getValue())) {
                return false;
            }
        }
        return true;
    }

    /**
     * torchgen's {@code kind()}. Inplace and out take precedence over mutable positional
     * arguments, and - as in torchgen - a non-inplace operator that only mutates {@code self}
     * (such as {@code set_data}) counts as functional; {@link #isMutable()} still reports it.
     */
    public SchemaKind kind() {
        if (name.isInplace()) {
            return SchemaKind.inplace;
        }
        if (out.stream().anyMatch(a -> a.name().startsWith("_scratch_"))) {
            return SchemaKind.scratch;
        }
        if (!out.isEmpty()) {
            return SchemaKind.out;
        }
        if (postSelfPositional().stream().anyMatch(Argument::isWrite)) {
            return SchemaKind.mutable;
        }
        return SchemaKind.functional;
    }

    /** Whether the operator writes to any of its arguments (c10's {@code is_mutable()}). */
    public boolean isMutable() {
        return arguments.stream().anyMatch(Argument::isWrite);
    }

    /** The schema text, in canonical spacing; for schemas from native_functions.yaml, exactly the original. */
    @Override
    public String toString() {
        return text;
    }

    private String print() {
        StringBuilder s = new StringBuilder(name.toString()).append('(');
        boolean markedKwargOnly = false;
        for (int i = 0; i < arguments.size(); i++) {
            Argument a = arguments.get(i);
            if (i > 0) {
                s.append(", ");
            }
            if (a.kwargOnly() && !markedKwargOnly) {
                s.append("*, ");
                markedKwargOnly = true;
            }
            s.append(a);
        }
        s.append(") -> ");
        if (returns.size() == 1) {
            s.append(returns.get(0)); // a single return is written without parentheses, named or not
        } else {
            s.append(returns.stream().map(Return::toString).collect(Collectors.joining(", ", "(", ")")));
        }
        return s.toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FunctionSchema other
                && name.equals(other.name)
                && arguments.equals(other.arguments)
                && returns.equals(other.returns);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, arguments, returns);
    }
}
