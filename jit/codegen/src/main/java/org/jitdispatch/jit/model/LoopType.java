package org.jitdispatch.jit.model;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.jitdispatch.runtime.ScalarType;

/**
 * The Java type a TensorIterator loop computes in, one per loop cursor of {@code kernels.iter}: float32, float16
 * and bfloat16 in {@code float}, float64 in {@code double}, integers in {@code long}, bool in {@code boolean}. ATen's
 * {@code AT_DISPATCH} instantiates a kernel per dtype; the general path here instantiates one per type, and the
 * cursor converts each storage dtype to it and back.
 */
public enum LoopType {
    FLOAT("float", ScalarType.Float32, ScalarType.Float16, ScalarType.BFloat16, ScalarType.Float32),
    DOUBLE("double", ScalarType.Float64, ScalarType.Float64),
    LONG("long", ScalarType.Int64, ScalarType.UInt8, ScalarType.Int8, ScalarType.Int16, ScalarType.Int32,
            ScalarType.Int64),
    BOOLEAN("boolean", ScalarType.Bool, ScalarType.Bool);

    private final String javaName;
    private final ScalarType dtype;
    private final List<ScalarType> computes;

    LoopType(String javaName, ScalarType dtype, ScalarType... computes) {
        this.javaName = javaName;
        this.dtype = dtype;
        this.computes = List.of(computes);
    }

    /**
     * The common dtypes this loop computes: float16 and bfloat16 in float32 (ATen's opmath type), every integer
     * width in 64 bits (the same results once narrowed, since integer arithmetic wraps).
     */
    public List<ScalarType> computes() {
        return computes;
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
