package org.jitdispatch.kernels.iter;

/**
 * The element functions of TensorIterator's {@code forEachFloat} loops, which compute in float
 * (float32 results (and float32 common dtype)).
 * One interface per arity, so each loop method has a single, unboxed call shape. Whether the call is
 * inlined depends on HotSpot inlining the loop method into the kernel (see TensorIterator); hot
 * kernels write a {@link FloatLoop} instead.
 */
public final class FloatOps {
    private FloatOps() {
    }

    @FunctionalInterface
    public interface Nullary {
        float apply();
    }

    @FunctionalInterface
    public interface Unary {
        float apply(float a);
    }

    @FunctionalInterface
    public interface Binary {
        float apply(float a, float b);
    }

    @FunctionalInterface
    public interface Ternary {
        float apply(float a, float b, float c);
    }

    /** float to boolean, for comparisons and tests such as isnan. */
    @FunctionalInterface
    public interface UnaryPredicate {
        boolean test(float a);
    }

    @FunctionalInterface
    public interface BinaryPredicate {
        boolean test(float a, float b);
    }
}
