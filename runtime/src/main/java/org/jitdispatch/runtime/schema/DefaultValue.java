package org.jitdispatch.runtime.schema;

import java.util.Map;
import java.util.Objects;

/**
 * The parsed form of an argument's default, for code generators. The exact source text stays on
 * {@link Argument#defaultValue()}; this view says what it means.
 *
 * <p>The forms are those of TorchScript's schema parser: {@code None}, {@code True}/{@code False},
 * integers, floats (including {@code inf}, {@code -inf} and {@code nan}), single- or
 * double-quoted strings, lists of int/float/bool literals, and a handful of named constants such
 * as {@code Mean} or {@code contiguous_format}.
 */
public sealed interface DefaultValue {

    /** {@code None}. */
    record None() implements DefaultValue {
        @Override
        public String toString() {
            return "None";
        }
    }

    /** {@code True} or {@code False}. */
    record Bool(boolean value) implements DefaultValue {
        @Override
        public String toString() {
            return value ? "True" : "False";
        }
    }

    /** An integer literal such as {@code 0} or {@code -100}. */
    record Int(long value) implements DefaultValue {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /**
     * A floating-point literal such as {@code 1e-05} or {@code 0.5}, or {@code inf}, {@code -inf},
     * {@code nan}. (Record equality compares doubles bit-wise, so {@code nan} equals {@code nan}.)
     */
    record Float(double value) implements DefaultValue {
        @Override
        public String toString() {
            if (Double.isNaN(value)) {
                return "nan";
            }
            if (Double.isInfinite(value)) {
                return value > 0 ? "inf" : "-inf";
            }
            return Double.toString(value);
        }
    }

    /**
     * A string literal. {@code value} has the escapes resolved; {@code quote} is the quote
     * character it was written with (schemas use both, and C++ needs to know: torchgen converts
     * single-quoted strings to double-quoted ones).
     */
    record Str(String value, char quote) implements DefaultValue {
        public Str {
            Objects.requireNonNull(value, "value");
            if (quote != '\'' && quote != '"') {
                throw new IllegalArgumentException("string defaults are quoted with ' or \", not " + quote);
            }
        }

        /** The value as a literal in its original quote style (not necessarily its original escapes). */
        @Override
        public String toString() {
            StringBuilder s = new StringBuilder().append(quote);
            for (char c : value.toCharArray()) {
                switch (c) {
                    case '\\' -> s.append("\\\\");
                    case '\n' -> s.append("\\n");
                    case '\t' -> s.append("\\t");
                    case '\r' -> s.append("\\r");
                    default -> s.append(c == quote ? "\\" + c : String.valueOf(c));
                }
            }
            return s.append(quote).toString();
        }
    }

    /** A list literal such as {@code []} or {@code [-2,-1]}; elements are Int, Float or Bool. */
    record List(java.util.List<DefaultValue> elements) implements DefaultValue {
        public List {
            elements = java.util.List.copyOf(elements);
            for (DefaultValue e : elements) {
                if (!(e instanceof Int || e instanceof Float || e instanceof Bool)) {
                    throw new IllegalArgumentException(
                            "list default values may only contain int, float or bool literals, got " + e);
                }
            }
        }
    }

    /**
     * A named constant: {@code Mean} (an int, at::Reduction::Mean), {@code long} or {@code float}
     * (ScalarType), {@code strided} (Layout), {@code contiguous_format} (MemoryFormat).
     */
    record Identifier(String name) implements DefaultValue {
        public Identifier {
            Identifiers.require(name, "default value identifier");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /**
     * The named constants TorchScript's schema parser understands and the base type each one is a
     * value of (torch/csrc/jit/frontend/function_schema_parser.cpp, parseSingleConstant).
     */
    Map<String, BaseTy> NAMED_CONSTANTS = Map.of(
            "Mean", BaseTy.INT,
            "long", BaseTy.SCALAR_TYPE,
            "float", BaseTy.SCALAR_TYPE,
            "strided", BaseTy.LAYOUT,
            "contiguous_format", BaseTy.MEMORY_FORMAT);

    /** Parses default-value text exactly as it appears after {@code =} in a schema. */
    static DefaultValue parse(String text) {
        return DefaultValueParser.parse(text);
    }

    /**
     * Whether this value is a valid default for an argument of {@code type}. The rules follow
     * what TorchScript's schema parser and torchgen's C++ default translation accept:
     * None only for optional types; a sized list also accepts one scalar that is broadcast
     * ({@code int[2] stride=1}); Scalar takes numbers and bools, float takes ints too; Device
     * takes a device string; and the named constants only for their own type.
     */
    default boolean isValidFor(Type type) {
        if (type instanceof OptionalType o) {
            return this instanceof None || isValidFor(o.elem());
        }
        if (type instanceof ListType l) {
            if (this instanceof List list) {
                return list.elements().stream().allMatch(e -> e.isValidFor(l.elem()));
            }
            return l.size().isPresent()
                    && (this instanceof Int || this instanceof Float || this instanceof Bool)
                    && isValidFor(l.elem());
        }
        if (!(type instanceof BaseType b)) {
            return false; // custom classes have no literal values
        }
        if (this instanceof Identifier id) {
            return NAMED_CONSTANTS.get(id.name()) == b.base();
        }
        return switch (b.base()) {
            case BOOL -> this instanceof Bool;
            case INT, SYM_INT -> this instanceof Int;
            case FLOAT -> this instanceof Int || this instanceof Float;
            case SCALAR -> this instanceof Int || this instanceof Float || this instanceof Bool;
            case STR, DEVICE -> this instanceof Str;
            default -> false;
        };
    }
}
