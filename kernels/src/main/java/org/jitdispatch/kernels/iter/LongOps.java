package org.jitdispatch.kernels.iter;

/**
 * The element functions of TensorIterator's {@code forEachLong} loops, which compute in long
 * (int32 and int64 results, computed in 64 bits).
 * One interface per arity, so each loop method has a single, unboxed call shape. Whether the call is
 * inlined depends on HotSpot inlining the loop method into the kernel (see TensorIterator); hot
 * kernels write a {@link LongLoop} instead.
 */
public final class LongOps {
    private LongOps() {
    }

    @FunctionalInterface
    public interface Nullary {
        long apply();
    }

    @FunctionalInterface
    public interface Unary {
        long apply(long a);
    }

    @FunctionalInterface
    public interface Binary {
        long apply(long a, long b);
    }

    @FunctionalInterface
    public interface Ternary {
        long apply(long a, long b, long c);
    }

    /** long to boolean, for comparisons and tests such as isnan. */
    @FunctionalInterface
    public interface UnaryPredicate {
        boolean test(long a);
    }

    @FunctionalInterface
    public interface BinaryPredicate {
        boolean test(long a, long b);
    }
}
