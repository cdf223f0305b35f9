package org.jitdispatch.kernels.iter;

import org.jitdispatch.runtime.ScalarType;

/**
 * Which of TensorIterator's loops computes a dtype: float32, float16 and bfloat16 in the float loop (ATen's
 * opmath type of the reduced floating types is float), float64 in the double loop, every integer width in the
 * long loop (integer arithmetic wraps, so computing in 64 bits and narrowing the result gives the narrow
 * type's answer), bool in the boolean loop. Kernels switch on {@code LoopDtype.of(iter.commonDtype())}; the
 * loop's cursor converts each operand's storage to the loop's type and back.
 */
public final class LoopDtype {
    private LoopDtype() {
    }

    /** Float32, Float64, Int64 or Bool: the dtype whose Java type the loop of {@code dtype} computes in. */
    public static ScalarType of(ScalarType dtype) {
        switch (dtype) {
            case Float16:
            case BFloat16:
            case Float32:
                return ScalarType.Float32;
            case Float64:
                return ScalarType.Float64;
            case Bool:
                return ScalarType.Bool;
            default:
                return ScalarType.Int64;
        }
    }

    /**
     * The type a kernel that is not a TensorIterator loop reads {@code dtype} in: float16 and bfloat16 as
     * float32 (their accumulate type), uint8, int8 and int16 as int64, the others as themselves.
     */
    public static ScalarType widened(ScalarType dtype) {
        switch (dtype) {
            case Float16:
            case BFloat16:
                return ScalarType.Float32;
            case UInt8:
            case Int8:
            case Int16:
                return ScalarType.Int64;
            default:
                return dtype;
        }
    }
}
