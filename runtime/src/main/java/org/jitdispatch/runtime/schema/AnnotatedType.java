package org.jitdispatch.runtime.schema;

import java.util.Objects;

/**
 * A type together with the alias annotation written inside it, as in {@code Tensor(a!)?}.
 *
 * <p>The annotation describes aliasing of the Tensor itself, so it binds to {@code Tensor} before
 * the {@code ?} or {@code []} suffix (torchgen's note on {@code Argument.annotation}). Like
 * torchgen we only support the shapes that occur in practice: an annotation may appear only on
 * {@code Tensor}, {@code Tensor?} and {@code Tensor[]}.
 */
record AnnotatedType(Type type, Annotation annotation) {

    private static final String TENSOR = BaseTy.TENSOR.schemaName();

    AnnotatedType {
        validate(type, annotation);
    }

    /** Checks that {@code annotation} (possibly null) may be written on {@code type}. */
    static void validate(Type type, Annotation annotation) {
        Objects.requireNonNull(type, "type");
        if (annotation != null && !supportsAnnotation(type)) {
            throw new IllegalArgumentException("alias annotations are only supported on Tensor, Tensor? and Tensor[]"
                    + " (written Tensor(a), Tensor(a)? and Tensor(a)[]), not on " + type);
        }
    }

    private static boolean supportsAnnotation(Type type) {
        return type.is(BaseTy.TENSOR)
                || (type instanceof OptionalType o && o.elem().is(BaseTy.TENSOR))
                || (type instanceof ListType l && l.size().isEmpty() && l.elem().is(BaseTy.TENSOR));
    }

    @Override
    public String toString() {
        if (annotation == null) {
            return type.toString();
        }
        // "Tensor?" -> "Tensor(a!)?": the annotation goes right after the base type name.
        return TENSOR + "(" + annotation + ")" + type.toString().substring(TENSOR.length());
    }
}
