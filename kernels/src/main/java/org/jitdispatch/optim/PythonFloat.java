package org.jitdispatch.optim;

import java.math.BigDecimal;

/**
 * How Python's {@code str(float)} prints a number, for PyTorch's messages ("Invalid epsilon value: -1e-08"): the
 * shortest digits that read back to the same double, positional from 1e-4 up to 1e16 (with ".0" when integral),
 * in exponent form ({@code 1e-08}, {@code 2.5e+16}) outside it.
 */
final class PythonFloat {
    private PythonFloat() {
    }

    static String str(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == 0) {
            return 1 / v < 0 ? "-0.0" : "0.0";
        }
        // Double.toString's digits read back to v; stripped of trailing zeros they are its significant digits
        BigDecimal d = new BigDecimal(Double.toString(Math.abs(v))).stripTrailingZeros();
        String digits = d.unscaledValue().toString();
        int exponent = digits.length() - d.scale() - 1;
        String sign = v < 0 ? "-" : "";
        if (exponent >= -4 && exponent < 16) {
            String plain = d.toPlainString();
            return sign + (plain.indexOf('.') < 0 ? plain + ".0" : plain);
        }
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "")
                + Math.abs(exponent);
    }
}
