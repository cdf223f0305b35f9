package org.jitdispatch.jit.model;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jitdispatch.runtime.ScalarType;

/**
 * The Java type a TensorIterator loop computes in, one per loop cursor of {@code kernels.iter}: float32 in
 * {@code float}, float64 in {@code double}, int32 and int64 in {@code long}, bool in {@code boolean}. ATen's
 * {@code AT_DISPATCH} instantiates a kernel per dtype; the general path here instantiates one per type, and the
 * cursor converts each storage dtype to it and back.
 */
public enum LoopType {
    FLOAT("float", ScalarType.Float32),
    DOUBLE("double", ScalarType.Float64),
    LONG("long", ScalarType.Int64),
    BOOLEAN("boolean", ScalarType.Bool);

    private final String javaName;
    private final ScalarType dtype;

    LoopType(String javaName, ScalarType dtype) {
        this.javaName = javaName;
        this.dtype = dtype;
    }

    /** The Java primitive, which is also the YAML spelling: {@code float}. */
    public String javaName() {
        return javaName;
    }

    /** The dtype whose Java type the loop computes in (int32 is computed in int64's {@code long}). */
    public ScalarType dtype() {
        return dtype;
    }

    public static Optional<LoopType> of(String javaName) {
        return Arrays.stream(values()).filter(t -> t.javaName.equals(javaName)).findFirst();
    }

    /** The YAML spellings, for error messages. */
    public static List<String> names() {
        return Arrays.stream(values()).map(LoopType::javaName).toList();
    }
}
