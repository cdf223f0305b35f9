package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.BFloat16;
import org.jitdispatch.runtime.Half;
import org.jitdispatch.runtime.ScalarType;

/**
 * The casts to a narrow common dtype that ATen makes of an operand of another dtype before its loop, for loops
 * that compute in a wider Java type: a float loop's value rounded to float16 or bfloat16, a long loop's wrapped to
 * uint8, int8, int16 or int32 as C++'s cast does. The buffered inputs of a {@link LoopCursor} and the kernels'
 * scalar operands both take them.
 */
public final class CommonDtypeCasts {
    private CommonDtypeCasts() {
    }

    /** {@code v} rounded to float16 or bfloat16 when {@code dtype} is one, kept as a float; else {@code v}. */
    public static float round(float v, ScalarType dtype) {
        if (dtype == ScalarType.Float16) {
            return Half.toFloat(Half.fromFloat(v));
        }
        if (dtype == ScalarType.BFloat16) {
            return BFloat16.toFloat(BFloat16.fromFloat(v));
        }
        return v;
    }

    /** {@code v} wrapped to uint8, int8, int16 or int32 when {@code dtype} is one (two's complement); else {@code v}. */
    public static long wrap(long v, ScalarType dtype) {
        switch (dtype) {
            case UInt8: return v & 0xFF;
            case Int8: return (byte) v;
            case Int16: return (short) v;
            case Int32: return (int) v;
            default: return v;
        }
    }
}
