package org.jitdispatch.runtime.schema;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/** Recursive-descent parser for (possibly annotated) types and alias annotations. */
final class TypeParser {

    private final SchemaCursor in;

    TypeParser(SchemaCursor in) {
        this.in = in;
    }

    static Type parseType(String text) {
        SchemaCursor in = new SchemaCursor(text);
        AnnotatedType type = new TypeParser(in).annotatedType();
        if (type.annotation() != null) {
            throw in.error("a type cannot carry an alias annotation; annotations belong to arguments and returns", 0);
        }
        in.expectEnd("type");
        return type.type();
    }

    static Annotation parseAnnotation(String text) {
        SchemaCursor in = new SchemaCursor(text);
        Annotation annotation = new TypeParser(in).annotationBody();
        in.skipWhitespace();
        in.expectEnd("alias annotation");
        return annotation;
    }

    /** {@code base [ '(' annotation ')' ] ( '?' | '[' [size] ']' )*} */
    AnnotatedType annotatedType() {
        int start = in.position();
        Type type = atom();
        Annotation annotation = null;
        in.skipWhitespace();
        if (in.tryConsume('(')) {
            annotation = annotationBody();
            in.skipWhitespace();
            if (!in.tryConsume(')')) {
                throw in.error("expected ')' to close the alias annotation but found " + in.describeNext());
            }
        }
        while (true) {
            in.skipWhitespace();
            if (in.tryConsume('?')) {
                type = new OptionalType(type);
            } else if (in.peek() == '[') {
                type = new ListType(type, listSize());
            } else {
                break;
            }
        }
        if (in.peek() == '(') {
            throw in.error("an alias annotation must come directly after Tensor, as in Tensor(a!)? or Tensor(a)[]");
        }
        Type finalType = type;
        Annotation finalAnnotation = annotation;
        return in.build(start, () -> new AnnotatedType(finalType, finalAnnotation));
    }

    private Type atom() {
        int start = in.position();
        String name = in.identifier();
        if (name == null) {
            throw in.error("expected a type but found " + in.describeNext());
        }
        if (name.equals("__torch__") && in.peek() == '.') {
            return classType(start);
        }
        return BaseTy.fromSchemaName(name).<Type>map(BaseType::new).orElseThrow(() -> in.error(
                "unrecognized type '" + name + "'; known base types are: " + BaseTy.knownNames()
                        + "; custom classes are written " + ClassType.PREFIX + "<namespace>.<Name>",
                start));
    }

    private Type classType(int start) {
        if (!in.tryConsume(ClassType.PREFIX.substring("__torch__".length()))) {
            throw in.error("unrecognized type starting with '__torch__.'; custom classes are written "
                    + ClassType.PREFIX + "<namespace>.<Name>", start);
        }
        int nameStart = in.position();
        do {
            if (in.identifier() == null) {
                throw in.error("expected a custom class name after '" + in.text().substring(start, in.position())
                        + "' but found " + in.describeNext());
            }
        } while (in.tryConsume('.'));
        String className = in.text().substring(nameStart, in.position());
        return in.build(start, () -> new ClassType(className));
    }

    /** {@code '[' [size] ']'}; the cursor is on the '['. */
    private OptionalInt listSize() {
        in.next();
        in.skipWhitespace();
        if (!Identifiers.isDigit(in.peek())) {
            if (!in.tryConsume(']')) {
                throw in.error("expected a list size or ']' but found " + in.describeNext());
            }
            return OptionalInt.empty();
        }
        int sizeAt = in.position();
        String digits = in.digits();
        // Only the canonical spelling of a positive int: anything else could not be printed back.
        if (digits.charAt(0) == '0') {
            throw in.error("list size must be a positive integer"
                    + (digits.length() > 1 ? " without leading zeros" : "") + ", got " + digits, sizeAt);
        }
        if (digits.length() > 9) {
            throw in.error("list size " + digits + " is too large", sizeAt);
        }
        in.skipWhitespace();
        if (!in.tryConsume(']')) {
            throw in.error("expected ']' to close the list type but found " + in.describeNext());
        }
        return OptionalInt.of(Integer.parseInt(digits));
    }

    /** {@code alias ('|' alias)* ['!'] ['->' ('*' | alias ('|' alias)*)]}, without the parentheses. */
    Annotation annotationBody() {
        in.skipWhitespace();
        int start = in.position();
        List<String> before = aliasSet();
        boolean isWrite = in.tryConsume('!');
        in.skipWhitespace();
        List<String> after = List.of();
        if (in.tryConsume("->")) {
            in.skipWhitespace();
            after = in.tryConsume('*') ? List.of(Annotation.WILDCARD) : aliasSet();
        }
        List<String> afterSet = after;
        return in.build(start, () -> new Annotation(before, isWrite, afterSet));
    }

    private List<String> aliasSet() {
        List<String> set = new ArrayList<>();
        do {
            in.skipWhitespace();
            set.add(aliasName());
            in.skipWhitespace();
        } while (in.tryConsume('|'));
        return set;
    }

    private String aliasName() {
        int at = in.position();
        String name = in.identifier();
        if (name == null) {
            throw in.error("unrecognized alias annotation: expected an alias set name (a lowercase letter) but found "
                    + in.describeNext());
        }
        if (!Annotation.isAliasName(name)) {
            throw in.error("unrecognized alias annotation: alias set names are single lowercase letters (a, b, ...),"
                    + " got '" + name + "'", at);
        }
        return name;
    }
}
