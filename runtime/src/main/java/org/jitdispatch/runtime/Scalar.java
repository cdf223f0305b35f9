package org.jitdispatch.runtime;

import java.util.Objects;

/**
 * A number that is not a tensor: a boolean, a 64-bit integer or a double, like c10::Scalar. Its
 * {@link #type()} takes part in type promotion as a "Python-style" scalar (lowest priority).
 */
public final class Scalar {
    private static final Scalar[] SMALL_LONGS = new Scalar[256 + 1];
    private static final Scalar TRUE = new Scalar(ScalarType.Bool, 1L, 1.0);
    private static final Scalar FALSE = new Scalar(ScalarType.Bool, 0L, 0.0);

    static {
        for (int i = 0; i < SMALL_LONGS.length; i++) {
            long v = i - 128;
            SMALL_LONGS[i] = new Scalar(ScalarType.Int64, v, v);
        }
    }

    private final ScalarType type;
    private final long longValue;
    private final double doubleValue;

    private Scalar(ScalarType type, long longValue, double doubleValue) {
        this.type = type;
        this.longValue = longValue;
        this.doubleValue = doubleValue;
    }

    /** An integral scalar; small values are cached so that defaults such as {@code alpha=1} allocate nothing. */
    public static Scalar of(long value) {
        if (value >= -128 && value <= 128) {
            return SMALL_LONGS[(int) value + 128];
        }
        return new Scalar(ScalarType.Int64, value, value);
    }

    public static Scalar of(double value) {
        return new Scalar(ScalarType.Float64, (long) value, value);
    }

    public static Scalar of(boolean value) {
        return value ? TRUE : FALSE;
    }

    /** Int64, Float64 or Bool: the type this scalar has as a wrapped number. */
    public ScalarType type() {
        return type;
    }

    public boolean isBoolean() {
        return type == ScalarType.Bool;
    }

    public boolean isIntegral() {
        return type == ScalarType.Int64;
    }

    public boolean isFloatingPoint() {
        return type == ScalarType.Float64;
    }

    public double toDouble() {
        return doubleValue;
    }

    public long toLong() {
        return longValue;
    }

    public boolean toBoolean() {
        return isFloatingPoint() ? doubleValue != 0.0 : longValue != 0;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof Scalar s)) {
            return false;
        }
        return type == s.type && longValue == s.longValue
                && Double.doubleToLongBits(doubleValue) == Double.doubleToLongBits(s.doubleValue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(type, longValue, doubleValue);
    }

    /** Prints like PyTorch's schema defaults: {@code 1}, {@code 2.5}, {@code True}. */
    @Override
    public String toString() {
        switch (type) {
            case Bool:
                return longValue != 0 ? "True" : "False";
            case Int64:
                return Long.toString(longValue);
            default:
                return Double.toString(doubleValue);
        }
    }
}
