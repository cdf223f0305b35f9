package org.jitdispatch.runtime.schema;

/**
 * A schema type, modelled on torchgen's {@code Type}: a base type, a custom class, or an optional
 * or list wrapping another type. {@code toString()} gives the schema text.
 *
 * <p>Alias annotations are not part of the type; like torchgen (and c10) they are stored on the
 * {@link Argument} or {@link Return}.
 */
public sealed interface Type permits BaseType, OptionalType, ListType, ClassType {

    /** Parses an unannotated type such as {@code int[2]?} or {@code Tensor?[]}. */
    static Type parse(String text) {
        return TypeParser.parseType(text);
    }

    /** Schema text of this type, e.g. {@code int[1]?}. */
    @Override
    String toString();

    /**
     * Whether a value of this type carries dispatch keys: exactly {@code Tensor}, {@code Tensor?},
     * {@code Tensor[]} (sized or not) and {@code Tensor?[]}, the four kinds c10's
     * DispatchKeyExtractor inspects. Unlike torchgen's looser {@code is_tensor_like()}, wrappings
     * such as {@code Tensor[]?} do not count: the extractor never looks inside them.
     */
    boolean isTensorLike();

    default boolean isOptional() {
        return this instanceof OptionalType;
    }

    default boolean isList() {
        return this instanceof ListType;
    }

    /** Whether this is the plain base type {@code base} (no optional or list around it). */
    default boolean is(BaseTy base) {
        return this instanceof BaseType b && b.base() == base;
    }
}
