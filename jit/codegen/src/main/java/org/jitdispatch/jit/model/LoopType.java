package org.jitdispatch.jit.model;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The Java type a TensorIterator loop computes in, one per loop cursor of {@code kernels.iter}: float32 in
 * {@code float}, float64 in {@code double}, int32 and int64 in {@code long}, bool in {@code boolean}. ATen's
 * {@code AT_DISPATCH} instantiates a kernel per dtype; the general path here instantiates one per type, and the
 * cursor converts each storage dtype to it and back.
 */
public enum LoopType {
    FLOAT("float", "Float"),
    DOUBLE("double", "Double"),
    LONG("long", "Long"),
    BOOLEAN("boolean", "Boolean");

    private final String javaName;
    private final String cursorPrefix;

    LoopType(String javaName, String cursorPrefix) {
        this.javaName = javaName;
        this.cursorPrefix = cursorPrefix;
    }

    /** The Java primitive, which is also the YAML spelling: {@code float}. */
    public String javaName() {
        return javaName;
    }

    /** The cursor class's prefix: {@code Float} for {@code FloatLoop}, opened by {@code it.floatLoop(...)}. */
    public String cursorPrefix() {
        return cursorPrefix;
    }

    public static Optional<LoopType> of(String javaName) {
        return Arrays.stream(values()).filter(t -> t.javaName.equals(javaName)).findFirst();
    }

    /** The YAML spellings, for error messages. */
    public static List<String> names() {
        return Arrays.stream(values()).map(LoopType::javaName).toList();
    }
}
