package org.jitdispatch.runtime.schema;

/** The identifier syntax shared by operator, argument and return names (TorchScript's: ASCII only). */
final class Identifiers {

    private Identifiers() {}

    static boolean isStart(int c) {
        return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    static boolean isPart(int c) {
        return isStart(c) || isDigit(c);
    }

    static boolean isDigit(int c) {
        return c >= '0' && c <= '9';
    }

    static boolean isIdentifier(String s) {
        if (s.isEmpty() || !isStart(s.charAt(0))) {
            return false;
        }
        for (int i = 1; i < s.length(); i++) {
            if (!isPart(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Throws the model's usual {@link IllegalArgumentException} unless {@code s} is an identifier. */
    static String require(String s, String what) {
        if (!isIdentifier(s)) {
            throw new IllegalArgumentException("invalid " + what + " '" + s + "': expected an identifier");
        }
        return s;
    }
}
