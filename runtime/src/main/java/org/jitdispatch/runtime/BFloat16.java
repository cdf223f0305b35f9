package org.jitdispatch.runtime;

/**
 * bfloat16 ({@code torch.bfloat16}): the upper 16 bits of a float32, held in a {@code short}. Conversions are
 * c10's: a float rounds to nearest even ({@code round_to_nearest_even}) and every NaN becomes {@code 0x7FC0};
 * widening is exact. Kernels compute bfloat16 values in float32 and round each result once, as ATen's CPU
 * kernels do; a double converts through float32 first.
 */
public final class BFloat16 {
    private BFloat16() {
    }

    /** The bfloat16 nearest to {@code f} (ties to even), as bits. */
    public static short fromFloat(float f) {
        if (f != f) {
            return (short) 0x7FC0;
        }
        int bits = Float.floatToRawIntBits(f);
        int roundingBias = ((bits >>> 16) & 1) + 0x7FFF;
        return (short) ((bits + roundingBias) >>> 16);
    }

    /** Through float32, as {@code c10::BFloat16(double)}. */
    public static short fromDouble(double d) {
        return fromFloat((float) d);
    }

    /** The bfloat16 value of {@code bits} as a float32 (exact). */
    public static float toFloat(short bits) {
        return Float.intBitsToFloat((bits & 0xFFFF) << 16);
    }

    /** The largest finite bfloat16, about 3.39e38. */
    public static final float MAX_VALUE = 0x1.FEp127f;
}
