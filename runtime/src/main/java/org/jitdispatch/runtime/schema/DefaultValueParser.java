package org.jitdispatch.runtime.schema;

import java.util.ArrayList;
import java.util.List;

/**
 * Recursive-descent parser for argument defaults. It reads straight from the schema text, so the
 * caller can keep the exact source slice as the default's raw text.
 *
 * <p>Errors are reported without naming the argument; the schema parser adds that.
 */
final class DefaultValueParser {

    private final SchemaCursor in;

    DefaultValueParser(SchemaCursor in) {
        this.in = in;
    }

    /** Parses a complete default-value text; surrounding whitespace is not allowed. */
    static DefaultValue parse(String text) {
        SchemaCursor in = new SchemaCursor(text);
        DefaultValue value = new DefaultValueParser(in).value();
        in.expectEnd("default value");
        return value;
    }

    DefaultValue value() {
        return in.peek() == '[' ? list() : scalar();
    }

    /** {@code '[' [scalar (',' scalar)*] ']'}: c10 only has lists of int, float and bool defaults. */
    private DefaultValue list() {
        in.next();
        List<DefaultValue> elements = new ArrayList<>();
        in.skipWhitespace();
        if (in.tryConsume(']')) {
            return new DefaultValue.List(elements);
        }
        do {
            in.skipWhitespace();
            int at = in.position();
            if (in.peek() == '[') {
                throw in.error("list default values may only contain int, float or bool literals, not nested lists");
            }
            DefaultValue element = scalar();
            if (!(element instanceof DefaultValue.Int || element instanceof DefaultValue.Float
                    || element instanceof DefaultValue.Bool)) {
                throw in.error("list default values may only contain int, float or bool literals, got " + element, at);
            }
            elements.add(element);
            in.skipWhitespace();
        } while (in.tryConsume(','));
        if (!in.tryConsume(']')) {
            throw in.error("expected ',' or ']' in the list but found " + in.describeNext());
        }
        return new DefaultValue.List(elements);
    }

    private DefaultValue scalar() {
        int c = in.peek();
        if (c == '\'' || c == '"') {
            return string();
        }
        if (c == '-' || Identifiers.isDigit(c)) {
            return number();
        }
        String word = in.identifier();
        if (word == null) {
            throw in.error("expected None, True, False, a number, a string, a list or a named constant but found "
                    + in.describeNext());
        }
        return switch (word) {
            case "None" -> new DefaultValue.None();
            case "True" -> new DefaultValue.Bool(true);
            case "False" -> new DefaultValue.Bool(false);
            case "inf" -> new DefaultValue.Float(Double.POSITIVE_INFINITY);
            case "nan" -> new DefaultValue.Float(Double.NaN);
            default -> new DefaultValue.Identifier(word);
        };
    }

    /** {@code ['-'] (digits ['.' digits] [('e'|'E') ['+'|'-'] digits] | 'inf')} */
    private DefaultValue number() {
        int start = in.position();
        boolean negative = in.tryConsume('-');
        if (negative && in.peek() == 'i') {
            String word = in.identifier();
            if (!word.equals("inf")) {
                throw in.error("malformed number '-" + word + "'", start);
            }
            return new DefaultValue.Float(Double.NEGATIVE_INFINITY);
        }
        if (in.digits().isEmpty()) {
            throw in.error("expected a number after '-' but found " + in.describeNext());
        }
        boolean isFloat = false;
        if (in.tryConsume('.')) {
            in.digits();
            isFloat = true;
        }
        if (in.peek() == 'e' || in.peek() == 'E') {
            in.next();
            if (!in.tryConsume('+')) {
                in.tryConsume('-');
            }
            if (in.digits().isEmpty()) {
                throw malformedNumber(start);
            }
            isFloat = true;
        }
        if (Identifiers.isPart(in.peek()) || in.peek() == '.') {
            throw malformedNumber(start);
        }
        String text = in.text().substring(start, in.position());
        if (isFloat) {
            double value = Double.parseDouble(text); // the syntax was checked above
            if (Double.isInfinite(value)) {
                throw in.error("float literal " + text + " is out of range (write inf for infinity)", start);
            }
            return new DefaultValue.Float(value);
        }
        try {
            return new DefaultValue.Int(Long.parseLong(text));
        } catch (NumberFormatException e) {
            throw in.error("integer literal " + text + " does not fit in a 64-bit int", start);
        }
    }

    private SchemaParseException malformedNumber(int start) {
        while (Identifiers.isPart(in.peek()) || in.peek() == '.' || in.peek() == '+' || in.peek() == '-') {
            in.next();
        }
        return in.error("malformed number '" + in.text().substring(start, in.position()) + "'", start);
    }

    /**
     * A single- or double-quoted string with backslash escapes for the quote characters, the
     * backslash itself, and \n, \t, \r (the escapes PyTorch's schemas use, plus the common
     * control characters).
     */
    private DefaultValue string() {
        int start = in.position();
        char quote = in.next();
        StringBuilder value = new StringBuilder();
        while (true) {
            if (in.atEnd()) {
                throw in.error("unterminated string literal", start);
            }
            char c = in.next();
            if (c == quote) {
                return new DefaultValue.Str(value.toString(), quote);
            }
            if (c != '\\') {
                value.append(c);
                continue;
            }
            int escapeAt = in.position() - 1;
            if (in.atEnd()) {
                throw in.error("unterminated string literal", start);
            }
            char escaped = in.next();
            value.append(switch (escaped) {
                case '\\', '\'', '"' -> escaped;
                case 'n' -> '\n';
                case 't' -> '\t';
                case 'r' -> '\r';
                default -> throw in.error(
                        "unsupported escape sequence '\\" + escaped + "' in string literal", escapeAt);
            });
        }
    }
}
