package org.jitdispatch.runtime;

/**
 * IEEE 754 binary16 ({@code torch.float16}) held as its 16 bits in a {@code short}. Conversions are c10's
 * {@code fp16_ieee_from_fp32_value} and {@code fp16_ieee_to_fp32_value}: they round to nearest even, keep
 * signed zeros, subnormals and infinities, and turn every NaN into a quiet NaN, with the same bits as
 * PyTorch. Kernels compute float16 values in float32 and round each result once, as ATen's CPU kernels
 * do; a double converts through float32 first, as {@code c10::Half(double)} does.
 */
public final class Half {
    private static final float SCALE_TO_INF = 0x1.0p112f;
    private static final float SCALE_TO_ZERO = 0x1.0p-110f;
    private static final float EXP_SCALE = 0x1.0p-112f;

    private Half() {
    }

    /** The float16 nearest to {@code f} (ties to even), as bits. */
    public static short fromFloat(float f) {
        // float arithmetic does the rounding: scaling by 2^112 then 2^-110 makes values beyond float16's
        // range infinite and leaves the bits of the sum below in float16's position, rounded to even
        float base = (Math.abs(f) * SCALE_TO_INF) * SCALE_TO_ZERO;
        int w = Float.floatToRawIntBits(f);
        int shl1W = w + w;
        int sign = w & 0x80000000;
        int bias = shl1W & 0xFF000000;
        if (Integer.compareUnsigned(bias, 0x71000000) < 0) {
            bias = 0x71000000;
        }
        base = Float.intBitsToFloat((bias >>> 1) + 0x07800000) + base;
        int bits = Float.floatToRawIntBits(base);
        int expBits = (bits >>> 13) & 0x00007C00;
        int mantissaBits = bits & 0x00000FFF;
        int nonSign = expBits + mantissaBits;
        return (short) ((sign >>> 16) | (Integer.compareUnsigned(shl1W, 0xFF000000) > 0 ? 0x7E00 : nonSign));
    }

    /** {@code c10::Half(double)}: through float32, so a double is rounded twice as in PyTorch. */
    public static short fromDouble(double d) {
        return fromFloat((float) d);
    }

    /** The float16 value of {@code bits}, exactly, as a float32. */
    public static float toFloat(short bits) {
        int w = (bits & 0xFFFF) << 16;
        int sign = w & 0x80000000;
        int twoW = w + w;
        int expOffset = 0xE0 << 23;
        float normalized = Float.intBitsToFloat((twoW >>> 4) + expOffset) * EXP_SCALE;
        float denormalized = Float.intBitsToFloat((twoW >>> 17) | (126 << 23)) - 0.5f;
        int result = sign | (Integer.compareUnsigned(twoW, 1 << 27) < 0
                ? Float.floatToRawIntBits(denormalized) : Float.floatToRawIntBits(normalized));
        return Float.intBitsToFloat(result);
    }

    /** The largest finite float16, 65504. */
    public static final float MAX_VALUE = 65504f;
}
