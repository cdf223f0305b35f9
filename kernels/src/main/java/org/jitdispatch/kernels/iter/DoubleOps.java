package org.jitdispatch.kernels.iter;

/**
 * The element functions of TensorIterator's {@code forEachDouble} loops, which compute in double
 * (float64 results).
 * One interface per arity, so each loop method has a single, unboxed call shape. Whether the call is
 * inlined depends on HotSpot inlining the loop method into the kernel (see TensorIterator); hot
 * kernels write a {@link DoubleLoop} instead.
 */
public final class DoubleOps {
    private DoubleOps() {
    }

    @FunctionalInterface
    public interface Nullary {
        double apply();
    }

    @FunctionalInterface
    public interface Unary {
        double apply(double a);
    }

    @FunctionalInterface
    public interface Binary {
        double apply(double a, double b);
    }

    @FunctionalInterface
    public interface Ternary {
        double apply(double a, double b, double c);
    }

    /** double to boolean, for comparisons and tests such as isnan. */
    @FunctionalInterface
    public interface UnaryPredicate {
        boolean test(double a);
    }

    @FunctionalInterface
    public interface BinaryPredicate {
        boolean test(double a, double b);
    }
}
