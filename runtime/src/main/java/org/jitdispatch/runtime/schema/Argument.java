package org.jitdispatch.runtime.schema;

import java.util.Objects;
import java.util.Optional;

/**
 * One formal argument of an operator: torchgen's {@code Argument}, plus c10's kwarg-only flag.
 *
 * <p>{@code defaultValue} is the default's exact source text (so printing reproduces the schema,
 * e.g. {@code [-2,-1]} or {@code 'linear'}), or null; {@link #parsedDefault()} gives its meaning.
 * The annotation sits at the top level, as in torchgen and c10, even though it is written inside
 * the type ({@code Tensor(a!)?}).
 *
 * <p>{@code kwargOnly} records whether the argument comes after the {@code *} marker. torchgen
 * keeps that in the surrounding {@code Arguments}; c10 keeps it here. We follow c10 so that an
 * argument list is simply a list, and {@link FunctionSchema} checks the flags are in order.
 */
public record Argument(String name, Type type, Annotation annotation, String defaultValue, boolean kwargOnly) {

    public Argument {
        Identifiers.require(Objects.requireNonNull(name, "name"), "argument name");
        AnnotatedType.validate(type, annotation);
        if (defaultValue != null) {
            requireValidDefault(name, type, parseDefault(name, defaultValue));
        }
    }

    /** A positional argument without annotation or default. */
    public static Argument of(String name, Type type) {
        return new Argument(name, type, null, null, false);
    }

    /** Whether the operator writes to this argument ({@code Tensor(a!)}). */
    public boolean isWrite() {
        return annotation != null && annotation.isWrite();
    }

    public boolean hasDefault() {
        return defaultValue != null;
    }

    /**
     * The default's meaning, parsed from {@link #defaultValue()}. (Records cannot cache derived
     * state; parsing a default is a few dozen characters of work.)
     */
    public Optional<DefaultValue> parsedDefault() {
        return defaultValue == null ? Optional.empty() : Optional.of(DefaultValue.parse(defaultValue));
    }

    static DefaultValue parseDefault(String name, String text) {
        try {
            return DefaultValue.parse(text);
        } catch (SchemaParseException e) {
            throw new IllegalArgumentException("invalid default value for argument '" + name + "': " + e.reason());
        }
    }

    static void requireValidDefault(String name, Type type, DefaultValue value) {
        if (!value.isValidFor(type)) {
            String hint = value instanceof DefaultValue.None
                    ? " (only optional types such as " + type + "? can default to None)"
                    : "";
            throw new IllegalArgumentException(
                    "argument '" + name + "' of type " + type + " cannot have default value " + value + hint);
        }
    }

    /** Schema text, e.g. {@code Tensor(a!)? out} or {@code int[2] stride=1}; without the {@code *} marker. */
    @Override
    public String toString() {
        String text = new AnnotatedType(type, annotation) + " " + name;
        return defaultValue == null ? text : text + "=" + defaultValue;
    }
}
