package org.jitdispatch.runtime.schema;

import java.util.Objects;
import java.util.OptionalInt;

/**
 * {@code T[]} or {@code T[N]}. The size is a hint used by the language bindings (a sized list
 * accepts a single scalar that is broadcast, e.g. {@code int[2] stride=1}); c10 erases it from the
 * runtime type.
 */
public record ListType(Type elem, OptionalInt size) implements Type {

    public ListType {
        Objects.requireNonNull(elem, "elem");
        Objects.requireNonNull(size, "size");
        // torchgen prints a size of 0 as "[]", so it could never round-trip; it is meaningless anyway.
        if (size.isPresent() && size.getAsInt() <= 0) {
            throw new IllegalArgumentException("list size must be a positive integer, got " + size.getAsInt());
        }
    }

    /** An unsized list, {@code elem[]}. */
    public ListType(Type elem) {
        this(elem, OptionalInt.empty());
    }

    /** A sized list, {@code elem[size]}. */
    public ListType(Type elem, int size) {
        this(elem, OptionalInt.of(size));
    }

    @Override
    public boolean isTensorLike() {
        return elem.is(BaseTy.TENSOR) || (elem instanceof OptionalType o && o.isTensorLike());
    }

    @Override
    public String toString() {
        return elem + "[" + (size.isPresent() ? Integer.toString(size.getAsInt()) : "") + "]";
    }
}
