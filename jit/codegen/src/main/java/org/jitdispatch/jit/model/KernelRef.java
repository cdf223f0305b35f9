package org.jitdispatch.jit.model;

import java.util.Objects;

/**
 * The kernel a {@code dispatch:} entry names: a static method in the kernels' package. Java has no free
 * functions, so where torchgen's kernel names are C++ functions ({@code add_out}, {@code at::native::add_out})
 * ours are written {@code method} (a static method of the generator's default kernel class) or
 * {@code Class::method} (a static method of {@code Class}, which must be in the kernels' package).
 *
 * @param className the simple name of the class, or null for the generator's default kernel class
 * @param method the name of the static method
 */
public record KernelRef(String className, String method) {

    /** The accepted forms, for error messages. */
    static final String FORMS = "expected 'method' or 'Class::method', where both are Java identifiers";

    public KernelRef {
        Objects.requireNonNull(method, "method");
        if (!JavaIdentifiers.isIdentifier(method) || (className != null && !JavaIdentifiers.isIdentifier(className))) {
            throw new IllegalArgumentException("invalid kernel name '" + text(className, method) + "': " + FORMS);
        }
    }

    /** A method of the default kernel class. */
    public static KernelRef inDefaultClass(String method) {
        return new KernelRef(null, method);
    }

    /**
     * Parses {@code method} or {@code Class::method}.
     *
     * @throws IllegalArgumentException if the text has another form or a part is not a Java identifier
     */
    public static KernelRef parse(String text) {
        int sep = text.indexOf("::");
        if (sep < 0) {
            return new KernelRef(null, text);
        }
        String className = text.substring(0, sep);
        String method = text.substring(sep + 2);
        if (method.contains("::")) {
            throw new IllegalArgumentException("invalid kernel name '" + text + "': " + FORMS);
        }
        return new KernelRef(className, method);
    }

    /** Whether this names a method of the generator's default kernel class. */
    public boolean isInDefaultClass() {
        return className == null;
    }

    /** The name as written in the YAML: {@code method} or {@code Class::method}. */
    @Override
    public String toString() {
        return text(className, method);
    }

    private static String text(String className, String method) {
        return className == null ? method : className + "::" + method;
    }
}
