package org.jitdispatch.nn;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Python's {@code repr} of the values a module prints in its {@code extra_repr}, so that a module's
 * {@code toString()} is what PyTorch prints: {@code True}/{@code False}, {@code None}, tuples such as
 * {@code (3, 3)} and {@code (16,)}, quoted strings such as {@code 'zeros'}, and a float as Python's
 * {@code repr(float)} ({@code 1e-05}, {@code 0.1}, {@code 1e+20}, {@code inf}, {@code nan}, {@code -0.0}).
 */
public final class PyRepr {
    private PyRepr() {
    }

    /** {@code True} or {@code False}. */
    public static String of(boolean value) {
        return value ? "True" : "False";
    }

    /** An int. */
    public static String of(long value) {
        return Long.toString(value);
    }

    /**
     * Python's {@code repr(float)}: the shortest decimal that reads back as the same double, written positionally
     * when its decimal exponent is between -4 and 15 (with {@code .0} when it is whole), in scientific notation
     * with a signed two-digit exponent otherwise.
     */
    public static String of(double value) {
        if (Double.isNaN(value)) {
            return "nan";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return 1 / value < 0 ? "-0.0" : "0.0";
        }
        BigDecimal shortest = shortest(value);
        String sign = shortest.signum() < 0 ? "-" : "";
        String digits = shortest.unscaledValue().abs().toString().replaceFirst("0+$", "");
        // The value is 0.d1d2... * 10^point, as in CPython's float_repr_style 'short'.
        int point = shortest.precision() - shortest.scale();
        if (point > -4 && point <= 16) {
            return sign + positional(digits, point);
        }
        int exponent = point - 1;
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + String.format("%02d", Math.abs(exponent));
    }

    /** None for null, else {@link #of(double)}: an optional float argument such as BatchNorm's momentum. */
    public static String of(Double value) {
        return value == null ? "None" : of(value.doubleValue());
    }

    /** None for null, else the int: an optional int argument such as Embedding's padding_idx. */
    public static String of(Long value) {
        return value == null ? "None" : Long.toString(value);
    }

    /** A quoted string, {@code 'zeros'} (the names modules print contain no quotes or backslashes). */
    public static String of(String value) {
        return value == null ? "None" : "'" + value + "'";
    }

    /** A tuple of ints: {@code (3, 3)}, a one-element tuple {@code (16,)}, the empty tuple {@code ()}. */
    public static String tuple(long... values) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(values[i]);
        }
        return sb.append(values.length == 1 ? ",)" : ")").toString();
    }

    /** A tuple of floats, {@code (2.0, 1.5)}. */
    public static String tuple(double... values) {
        StringBuilder sb = new StringBuilder("(");
        for (int i = 0; i < values.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(of(values[i]));
        }
        return sb.append(values.length == 1 ? ",)" : ")").toString();
    }

    /**
     * An argument PyTorch keeps as the caller gave it, an int or a tuple (a pooling layer's kernel_size): the
     * single int when {@code givenAsInt} (every element is that int), else the tuple.
     */
    public static String intOrTuple(long[] values, boolean givenAsInt) {
        return givenAsInt ? Long.toString(values[0]) : tuple(values);
    }

    /** The fewest significant digits (1 to 17) whose correctly rounded decimal reads back as {@code value}. */
    private static BigDecimal shortest(double value) {
        BigDecimal exact = new BigDecimal(value);
        for (int digits = 1; digits < 17; digits++) {
            BigDecimal rounded = exact.round(new MathContext(digits, RoundingMode.HALF_EVEN));
            if (rounded.doubleValue() == value) {
                return rounded;
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
    }

    private static String positional(String digits, int point) {
        if (point <= 0) {
            return "0." + "0".repeat(-point) + digits;
        }
        if (point >= digits.length()) {
            return digits + "0".repeat(point - digits.length()) + ".0";
        }
        return digits.substring(0, point) + "." + digits.substring(point);
    }
}
