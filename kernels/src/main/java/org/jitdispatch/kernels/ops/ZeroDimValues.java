package org.jitdispatch.kernels.ops;

import org.jitdispatch.kernels.iter.CommonDtypeCasts;
import org.jitdispatch.runtime.ScalarType;
import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The value of a CPU operand that is one value broadcast over a loop (a 0-dim tensor, or one expanded from
 * a single element, as sum's gradient is) in a loop's Java type, converted as the general kernels convert
 * it: floating values are read as double and narrowed, integral and boolean ones as long (as C++'s
 * static_cast from the tensor's type would).
 */
public final class ZeroDimValues {
    private ZeroDimValues() {
    }

    /** Whether every element of {@code t} is the one at its storage offset: 0-dim, or every stride 0. */
    public static boolean isOneValue(TensorImpl t) {
        for (int d = 0; d < t.dim(); d++) {
            if (t.stride(d) != 0) {
                return false;
            }
        }
        return true;
    }

    public static float asFloat(TensorImpl t) {
        Storage s = t.storage();
        return t.dtype().isFloatingPoint() ? (float) s.getDouble(t.storageOffset()) : (float) s.getLong(t.storageOffset());
    }

    /**
     * The value as a float loop computing for {@code common} takes it: cast to float16 or bfloat16 first when that
     * is the common dtype (ATen casts the inputs to it, so {@code half * 0.1} multiplies by 0.1 rounded to half),
     * else as {@link #asFloat}.
     */
    public static float asFloatIn(TensorImpl t, ScalarType common) {
        float v = asFloat(t);
        return common == null || t.dtype() == common ? v : CommonDtypeCasts.round(v, common);
    }

    /**
     * The value as a long loop computing for {@code common} takes it: wrapped to uint8, int8, int16 or int32 first
     * when that is the common dtype, as C++'s cast to it does (ATen casts the inputs to the common dtype, so
     * {@code uint8 // -2} divides by 254), else as {@link #asLong}.
     */
    public static long asLongIn(TensorImpl t, ScalarType common) {
        long v = asLong(t);
        return common == null || t.dtype() == common ? v : CommonDtypeCasts.wrap(v, common);
    }

    public static double asDouble(TensorImpl t) {
        Storage s = t.storage();
        return t.dtype().isFloatingPoint() ? s.getDouble(t.storageOffset()) : (double) s.getLong(t.storageOffset());
    }

    /** Computing in int wraps exactly as computing in long and narrowing the result (for +, - and *). */
    public static int asInt(TensorImpl t) {
        return (int) t.storage().getLong(t.storageOffset());
    }

    public static long asLong(TensorImpl t) {
        return t.storage().getLong(t.storageOffset());
    }
}
