package org.jitdispatch.runtime.schema;

import java.util.Objects;

/** An atomic type such as {@code Tensor}, {@code int} or {@code ScalarType}. */
public record BaseType(BaseTy base) implements Type {

    public BaseType {
        Objects.requireNonNull(base, "base");
    }

    @Override
    public boolean isTensorLike() {
        return base == BaseTy.TENSOR;
    }

    @Override
    public String toString() {
        return base.schemaName();
    }
}
