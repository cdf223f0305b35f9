package org.jitdispatch.runtime.schema;

import java.util.function.Supplier;

/**
 * A read position in schema text, with the character-level helpers the recursive-descent parsers
 * share. Every error it creates carries the full input and the offset, so messages can point at
 * the problem.
 */
final class SchemaCursor {

    /** Returned by {@link #peek()} at the end of the input. */
    static final int EOF = -1;

    private final String text;
    private int pos;

    SchemaCursor(String text) {
        this.text = text;
    }

    String text() {
        return text;
    }

    int position() {
        return pos;
    }

    boolean atEnd() {
        return pos >= text.length();
    }

    int peek() {
        return atEnd() ? EOF : text.charAt(pos);
    }

    char next() {
        if (atEnd()) {
            throw error("unexpected end of input");
        }
        return text.charAt(pos++);
    }

    /** Whitespace is insignificant between tokens; the printer re-inserts the canonical spacing. */
    void skipWhitespace() {
        while (!atEnd() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }

    boolean lookingAt(String s) {
        return text.startsWith(s, pos);
    }

    boolean tryConsume(char c) {
        if (peek() == c) {
            pos++;
            return true;
        }
        return false;
    }

    boolean tryConsume(String s) {
        if (lookingAt(s)) {
            pos += s.length();
            return true;
        }
        return false;
    }

    /** Consumes {@code expected} or fails with "expected 'x' {where} but found ...". */
    void expect(String expected, String where) {
        if (!tryConsume(expected)) {
            throw error("expected '" + expected + "' " + where + " but found " + describeNext());
        }
    }

    /** Fails unless the whole input has been consumed. */
    void expectEnd(String what) {
        if (!atEnd()) {
            throw error("unexpected text after the " + what + ": '" + text.substring(pos) + "'");
        }
    }

    /** Reads an identifier, or returns null (consuming nothing) when none starts here. */
    String identifier() {
        if (!Identifiers.isStart(peek())) {
            return null;
        }
        int start = pos;
        while (Identifiers.isPart(peek())) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /** Reads a run of decimal digits (possibly empty). */
    String digits() {
        int start = pos;
        while (Identifiers.isDigit(peek())) {
            pos++;
        }
        return text.substring(start, pos);
    }

    /**
     * Describes what comes next for an error message: "end of input", a whole word or number, or
     * a single quoted character.
     */
    String describeNext() {
        if (atEnd()) {
            return "end of input";
        }
        int end = pos;
        while (end < text.length() && Identifiers.isPart(text.charAt(end))) {
            end++;
        }
        return "'" + (end > pos ? text.substring(pos, end) : text.substring(pos, pos + 1)) + "'";
    }

    SchemaParseException error(String reason) {
        return new SchemaParseException(reason, text, pos);
    }

    SchemaParseException error(String reason, int offset) {
        return new SchemaParseException(reason, text, offset);
    }

    /**
     * Runs a model constructor or rule check. The model reports violations as plain
     * {@link IllegalArgumentException}s without position; here they get the input text and
     * {@code offset} attached.
     */
    <T> T build(int offset, Supplier<T> constructor) {
        try {
            return constructor.get();
        } catch (SchemaParseException e) {
            throw error(e.reason(), offset);
        } catch (IllegalArgumentException e) {
            throw error(e.getMessage(), offset);
        }
    }

    void check(int offset, Runnable rule) {
        build(offset, () -> {
            rule.run();
            return null;
        });
    }
}
