package org.jitdispatch.runtime.schema;

import java.util.OptionalInt;

/**
 * Schema text that is malformed or violates one of PyTorch's schema invariants.
 *
 * <p>The message names the offending schema (unless it is blank) and, for syntax errors, the
 * column where the problem was found, e.g.
 * {@code unrecognized type 'Tensr'; ... (at column 5) in schema: foo(Tensr x) -> Tensor}.
 * It extends {@link IllegalArgumentException} because that is what it is: the caller passed text
 * (or, through {@link FunctionSchema#of}, parts) that do not form a valid schema.
 */
public final class SchemaParseException extends IllegalArgumentException {

    private final String reason;
    private final String input;
    private final int offset;

    /**
     * @param reason what is wrong, without the schema text
     * @param input the schema (or schema fragment) being parsed
     * @param offset zero-based offset into {@code input} of the problem, or -1 when it concerns the
     *     schema as a whole (invariant violations)
     */
    SchemaParseException(String reason, String input, int offset) {
        super(format(reason, input, offset));
        this.reason = reason;
        this.input = input;
        this.offset = offset;
    }

    /** What is wrong, without position or schema text. */
    public String reason() {
        return reason;
    }

    /** The text that failed to parse. */
    public String input() {
        return input;
    }

    /** Zero-based offset of the problem in {@link #input()}, when it is tied to one place. */
    public OptionalInt offset() {
        return offset < 0 ? OptionalInt.empty() : OptionalInt.of(offset);
    }

    /** One-based column of the problem in {@link #input()}, when it is tied to one place. */
    public OptionalInt column() {
        return offset < 0 ? OptionalInt.empty() : OptionalInt.of(offset + 1);
    }

    private static String format(String reason, String input, int offset) {
        StringBuilder message = new StringBuilder(reason);
        if (offset >= 0) {
            message.append(" (at column ").append(offset + 1).append(')');
        }
        if (!input.isBlank()) {
            message.append(" in schema: ").append(input);
        }
        return message.toString();
    }
}
