package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Scalar;
import org.jitdispatch.runtime.ScalarType;

/**
 * c10's {@code Scalar::to<T>()}: the checked conversion of a Scalar to a tensor's element type
 * ({@code checked_convert}), which fails with "value cannot be converted to type int without overflow"
 * where C++ would overflow. Conversions to bool never fail; NaN fails for integer types; infinities
 * pass for floating types.
 */
final class ScalarConversions {
    private ScalarConversions() {
    }

    /** The C++ type name c10 reports: {@code int}, {@code int64_t}, {@code float}, {@code double}, {@code bool}. */
    static String cppName(ScalarType t) {
        switch (t) {
            case Bool: return "bool";
            case Int32: return "int";
            case Int64: return "int64_t";
            case Float32: return "float";
            default: return "double";
        }
    }

    /** Throws c10's overflow error unless {@code value.to<T>()} for {@code to}'s element type succeeds. */
    static void check(Scalar value, ScalarType to) {
        if (overflows(value, to)) {
            throw overflow(to);
        }
    }

    /** {@code value.to<int64_t>()}. */
    static long toLong(Scalar value) {
        check(value, ScalarType.Int64);
        return value.isFloatingPoint() ? (long) value.toDouble() : value.toLong();
    }

    /** {@code value.to<double>()} (never fails). */
    static double toDouble(Scalar value) {
        return value.isFloatingPoint() ? value.toDouble() : (double) value.toLong();
    }

    static IllegalArgumentException overflow(ScalarType to) {
        return new IllegalArgumentException("value cannot be converted to type " + cppName(to) + " without overflow");
    }

    /** c10::overflows<To, From>, From being double, int64_t or bool as the Scalar holds it. */
    private static boolean overflows(Scalar value, ScalarType to) {
        if (to == ScalarType.Bool || value.isBoolean()) {
            return false;
        }
        if (value.isFloatingPoint()) {
            double f = value.toDouble();
            switch (to) {
                case Float64:
                    return false;
                case Float32:
                    // infinities convert; NaN compares false
                    return !Double.isInfinite(f) && (f < -Float.MAX_VALUE || f > Float.MAX_VALUE);
                case Int32:
                    return Double.isNaN(f) || f < Integer.MIN_VALUE || f > Integer.MAX_VALUE;
                default:
                    return Double.isNaN(f) || f < (double) Long.MIN_VALUE || f > (double) Long.MAX_VALUE;
            }
        }
        long v = value.toLong();
        return to == ScalarType.Int32 && (v < Integer.MIN_VALUE || v > Integer.MAX_VALUE);
    }
}
