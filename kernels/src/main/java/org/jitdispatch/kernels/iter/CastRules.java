package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.ScalarType;

/**
 * c10's canCast: whether a result of one dtype may be written to an output of another without
 * changing its category for the worse. Used for the out= and in-place checks of ops that enforce safe
 * casting (TensorIterator's enforce_safe_casting_to_output).
 */
public final class CastRules {
    private CastRules() {
    }

    /**
     * False for floating to integral (int_tensor *= 2.5 is an error) and for anything but bool to bool
     * (bool is its own category, as in type promotion: bool_tensor += 5 is an error); true otherwise.
     */
    public static boolean canCast(ScalarType from, ScalarType to) {
        if (from.isFloatingPoint() && to.isIntegral(false)) {
            return false;
        }
        return from == ScalarType.Bool || to != ScalarType.Bool;
    }

    /** Throws TensorIterator's error when the result type cannot be cast to the output's. */
    public static void checkSafeCast(ScalarType result, ScalarType output) {
        if (!canCast(result, output)) {
            throw new IllegalArgumentException("result type " + result.c10Name()
                    + " can't be cast to the desired output type " + output.c10Name());
        }
    }
}
