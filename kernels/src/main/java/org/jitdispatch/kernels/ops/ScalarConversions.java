package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Half;
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

    /**
     * The C++ type name c10 reports: {@code uint8_t}, {@code int}, {@code int64_t}, {@code at::Half}, {@code float},
     * {@code bool} ...
     */
    static String cppName(ScalarType t) {
        switch (t) {
            case Bool: return "bool";
            case UInt8: return "uint8_t";
            case Int8: return "int8_t";
            case Int16: return "int16_t";
            case Int32: return "int";
            case Int64: return "int64_t";
            case Float16: return "at::Half";
            case BFloat16: return "at::BFloat16";
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
                case Float16:
                case BFloat16:
                    // infinities convert; NaN compares false
                    return !Double.isInfinite(f) && (f < -maxValue(to) || f > maxValue(to));
                case Int64:
                    return Double.isNaN(f) || f < (double) Long.MIN_VALUE || f > (double) Long.MAX_VALUE;
                default:
                    return Double.isNaN(f) || f < lowest(to) || f > maxValue(to);
            }
        }
        return integerOverflows(value.toLong(), to);
    }

    /**
     * c10::overflows of an int64 value: below the lowest or above the largest value of {@code to}, except that
     * an unsigned type (uint8, bool) also takes negative values down to minus its largest, which wrap as two's
     * complement ({@code a - b} on uint8 is {@code a + 255 * b}).
     */
    static boolean integerOverflows(long v, ScalarType to) {
        if (to == ScalarType.Int64 || to == ScalarType.Float32 || to == ScalarType.Float64 || to == ScalarType.BFloat16) {
            return false;
        }
        double max = maxValue(to);
        boolean unsigned = to == ScalarType.UInt8 || to == ScalarType.Bool;
        return v > max || (unsigned ? v < -max : v < lowest(to));
    }

    /** std::numeric_limits&lt;T&gt;::max() of a dtype's C++ type. */
    static double maxValue(ScalarType t) {
        switch (t) {
            case Bool: return 1;
            case UInt8: return 255;
            case Int8: return Byte.MAX_VALUE;
            case Int16: return Short.MAX_VALUE;
            case Int32: return Integer.MAX_VALUE;
            case Int64: return Long.MAX_VALUE;
            case Float16: return Half.MAX_VALUE;
            case BFloat16: return BFloat16.MAX_VALUE;
            case Float32: return Float.MAX_VALUE;
            default: return Double.MAX_VALUE;
        }
    }

    /** std::numeric_limits&lt;T&gt;::lowest() of a dtype's C++ type. */
    static double lowest(ScalarType t) {
        switch (t) {
            case Bool:
            case UInt8:
                return 0;
            case Int8: return Byte.MIN_VALUE;
            case Int16: return Short.MIN_VALUE;
            case Int32: return Integer.MIN_VALUE;
            case Int64: return Long.MIN_VALUE;
            default: return -maxValue(t);
        }
    }
}
