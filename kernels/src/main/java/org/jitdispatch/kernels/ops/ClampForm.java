package org.jitdispatch.kernels.ops;

/**
 * Which loop computes a floating clamp with Scalar bounds. ATen's result is the selects
 * {@code t = x < min ? min : x; hi < t ? hi : t} (std::max, std::min); the branch-free forms compute the same
 * values where the selects' branches would mispredict (see clamp_scalar_min_max in ufuncs.yaml):
 * {@code Math.max} and {@code Math.min} differ from the selects only for a value and a bound that are zeros of
 * opposite signs, which happens for a lower bound of +0.0 (then relu, which keeps -0.0) or an upper bound of -0.0
 * (then {@code -relu(-x)}); a NaN bound keeps the selects, which return the value for it.
 */
enum ClampForm {
    /** Both bounds: {@code Math.min(Math.max(x, min), max)}. */
    MIN_MAX,
    /** Both bounds, min +0.0: {@code Math.min(relu(x), max)}. */
    RELU_THEN_MIN,
    /** Both bounds, max -0.0 or a NaN bound: the selects. */
    SELECTS,
    /** min only: {@code Math.max(x, min)}. */
    MAX,
    /** min only, +0.0: relu. */
    RELU,
    /** min only, NaN: the select. */
    MIN_SELECT,
    /** max only: {@code Math.min(x, max)}. */
    MIN,
    /** max only, -0.0: {@code -relu(-x)}. */
    NEGATED_RELU,
    /** max only, NaN: the select. */
    MAX_SELECT;

    /** The form for these bounds (null: not given), in the loop's type, widened exactly to double. */
    static ClampForm of(Double min, Double max) {
        if (min != null && max != null) {
            if (min.isNaN() || max.isNaN() || isNegativeZero(max)) {
                return SELECTS;
            }
            return isPositiveZero(min) ? RELU_THEN_MIN : MIN_MAX;
        }
        if (min != null) {
            return min.isNaN() ? MIN_SELECT : isPositiveZero(min) ? RELU : MAX;
        }
        return max.isNaN() ? MAX_SELECT : isNegativeZero(max) ? NEGATED_RELU : MIN;
    }

    private static boolean isPositiveZero(double v) {
        return Double.doubleToRawLongBits(v) == 0L;
    }

    private static boolean isNegativeZero(double v) {
        return Double.doubleToRawLongBits(v) == Long.MIN_VALUE;
    }
}
