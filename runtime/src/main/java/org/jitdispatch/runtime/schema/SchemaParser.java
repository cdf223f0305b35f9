package org.jitdispatch.runtime.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Recursive-descent parser for whole schemas and operator names. Types and annotations are
 * delegated to {@link TypeParser}, defaults to {@link DefaultValueParser}; the invariants that
 * concern the schema as a whole are checked by {@link FunctionSchema} once it is assembled.
 *
 * <p>Whitespace between tokens is optional and insignificant (as in TorchScript's schema lexer);
 * the model prints the canonical spacing. Names, numbers and strings are single tokens.
 */
final class SchemaParser {

    private final SchemaCursor in;
    private final TypeParser types;

    private SchemaParser(SchemaCursor in) {
        this.in = in;
        this.types = new TypeParser(in);
    }

    static FunctionSchema parseSchema(String text) {
        return new SchemaParser(new SchemaCursor(Objects.requireNonNull(text, "schema"))).schema();
    }

    static OperatorName parseOperatorName(String text) {
        SchemaCursor in = new SchemaCursor(Objects.requireNonNull(text, "operator name"));
        OperatorName name = new SchemaParser(in).operatorName();
        in.expectEnd("operator name");
        return name;
    }

    /** {@code operator '(' params ')' '->' returns} */
    private FunctionSchema schema() {
        in.skipWhitespace();
        if (in.atEnd()) {
            throw in.error("empty schema");
        }
        OperatorName name = operatorName();
        in.skipWhitespace();
        in.expect("(", "after the operator name");
        List<Argument> arguments = arguments();
        in.skipWhitespace();
        in.expect("->", "after the argument list");
        List<Return> returns = returns();
        in.skipWhitespace();
        in.expectEnd("returns");
        return FunctionSchema.create(name, arguments, returns, in.text());
    }

    /** {@code [namespace '::'] name ['.' overload]}, written without spaces. */
    private OperatorName operatorName() {
        int start = in.position();
        String first = in.identifier();
        if (first == null) {
            throw in.error("expected an operator name but found " + in.describeNext());
        }
        String namespace = "";
        String name = first;
        if (in.tryConsume("::")) {
            namespace = first;
            name = in.identifier();
            if (name == null) {
                throw in.error("expected an operator name after '" + namespace + "::' but found " + in.describeNext());
            }
        }
        String overload = "";
        if (in.tryConsume('.')) {
            overload = in.identifier();
            if (overload == null) {
                throw in.error("expected an overload name after '.' but found " + in.describeNext());
            }
        }
        String ns = namespace;
        String n = name;
        String o = overload;
        return in.build(start, () -> new OperatorName(ns, n, o));
    }

    /** The parameter list after '(' up to and including ')'; '*' flips later arguments to kwarg-only. */
    private List<Argument> arguments() {
        List<Argument> arguments = new ArrayList<>();
        in.skipWhitespace();
        if (in.tryConsume(')')) {
            return arguments;
        }
        boolean kwargOnly = false;
        int star = -1;
        while (true) {
            in.skipWhitespace();
            String after;
            if (in.lookingAt("...")) {
                throw in.error("varargs (...) are not supported in operator schemas");
            } else if (in.peek() == '*') {
                if (kwargOnly) {
                    throw in.error("invalid syntax: kwarg-only specifier * can only occur once"); // torchgen's words
                }
                star = in.position();
                in.next();
                kwargOnly = true;
                after = "'*'";
            } else {
                Argument argument = argument(kwargOnly);
                arguments.add(argument);
                after = "argument '" + argument.name() + "'";
            }
            in.skipWhitespace();
            if (in.tryConsume(')')) {
                break;
            }
            if (!in.tryConsume(',')) {
                throw in.error("expected ',' or ')' after " + after + " but found " + in.describeNext());
            }
        }
        // torchgen only prints '*' when keyword-only arguments follow, so a bare one could not round-trip.
        if (kwargOnly && (arguments.isEmpty() || !arguments.get(arguments.size() - 1).kwargOnly())) {
            throw in.error("kwarg-only specifier * must be followed by at least one argument", star);
        }
        return arguments;
    }

    /** {@code annotated-type name ['=' default]} */
    private Argument argument(boolean kwargOnly) {
        int start = in.position();
        AnnotatedType type = types.annotatedType();
        in.skipWhitespace();
        String name = in.identifier();
        if (name == null) {
            throw in.error("expected an argument name after type '" + type + "' but found " + in.describeNext());
        }
        String rawDefault = null;
        in.skipWhitespace();
        if (in.tryConsume('=')) {
            in.skipWhitespace();
            int at = in.position();
            DefaultValue value;
            try {
                value = new DefaultValueParser(in).value();
            } catch (SchemaParseException e) {
                throw in.error("invalid default value for argument '" + name + "': " + e.reason(),
                        e.offset().orElse(at));
            }
            rawDefault = in.text().substring(at, in.position());
            in.check(at, () -> Argument.requireValidDefault(name, type.type(), value));
        }
        String raw = rawDefault;
        return in.build(start, () -> new Argument(name, type.type(), type.annotation(), raw, kwargOnly));
    }

    /** {@code '()' | return | '(' return (',' return)* ')'} */
    private List<Return> returns() {
        in.skipWhitespace();
        List<Return> returns = new ArrayList<>();
        if (!in.tryConsume('(')) {
            returns.add(singleReturn());
            return returns;
        }
        in.skipWhitespace();
        if (in.tryConsume(')')) {
            return returns;
        }
        while (true) {
            in.skipWhitespace();
            returns.add(singleReturn());
            in.skipWhitespace();
            if (in.tryConsume(')')) {
                // A parenthesised single return, "-> (Tensor)", is printed without the parentheses,
                // as torchgen and c10 do: canonicalised, not rejected.
                return returns;
            }
            if (!in.tryConsume(',')) {
                throw in.error("expected ',' or ')' in the return list but found " + in.describeNext());
            }
        }
    }

    /** {@code annotated-type [name]} */
    private Return singleReturn() {
        int start = in.position();
        AnnotatedType type = types.annotatedType();
        in.skipWhitespace();
        String name = in.identifier();
        return in.build(start, () -> new Return(name, type.type(), type.annotation()));
    }
}
