package org.jitdispatch.runtime.schema;

import java.util.Objects;

/** {@code T?}: a value of {@code elem} or None. */
public record OptionalType(Type elem) implements Type {

    public OptionalType {
        Objects.requireNonNull(elem, "elem");
    }

    @Override
    public boolean isTensorLike() {
        return elem.is(BaseTy.TENSOR);
    }

    @Override
    public String toString() {
        return elem + "?";
    }
}
