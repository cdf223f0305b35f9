package org.jitdispatch.kernels.iter;

/**
 * The element functions of TensorIterator's {@code forEachBoolean} loops, which compute in boolean
 * (bool results from bool inputs).
 * One interface per arity, so each loop method has a single, unboxed call shape. Whether the call is
 * inlined depends on HotSpot inlining the loop method into the kernel (see TensorIterator); hot
 * kernels write a {@link BooleanLoop} instead.
 */
public final class BooleanOps {
    private BooleanOps() {
    }

    @FunctionalInterface
    public interface Nullary {
        boolean apply();
    }

    @FunctionalInterface
    public interface Unary {
        boolean apply(boolean a);
    }

    @FunctionalInterface
    public interface Binary {
        boolean apply(boolean a, boolean b);
    }

    @FunctionalInterface
    public interface Ternary {
        boolean apply(boolean a, boolean b, boolean c);
    }
}
