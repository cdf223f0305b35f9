package org.jitdispatch.kernels.ops;

import org.jitdispatch.runtime.Storage;
import org.jitdispatch.runtime.TensorImpl;

/**
 * The value of a one-element CPU tensor (a 0-dim operand broadcast over a loop) in a loop's Java type,
 * converted as the general kernels convert it: floating values are read as double and narrowed, integral
 * and boolean ones as long (as C++'s static_cast from the tensor's type would).
 */
public final class ZeroDimValues {
    private ZeroDimValues() {
    }

    public static float asFloat(TensorImpl t) {
        Storage s = t.storage();
        return t.dtype().isFloatingPoint() ? (float) s.getDouble(t.storageOffset()) : (float) s.getLong(t.storageOffset());
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
