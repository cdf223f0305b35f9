package org.jitdispatch.runtime.schema;

import java.util.List;
import java.util.Objects;

/**
 * An alias annotation, the part in parentheses of {@code Tensor(a! -> a|b)}: torchgen's
 * {@code Annotation}.
 *
 * <ul>
 *   <li>{@code aliasSet}: the alias sets the value belongs to on entry ({@code a}, or {@code a|b});
 *   <li>{@code isWrite}: the operator writes to it ({@code !});
 *   <li>{@code aliasSetAfter}: the sets it belongs to afterwards, empty when unchanged; {@code *}
 *       (the wildcard set, as in {@code Tensor(a -> *)}) is stored as the single element "*".
 * </ul>
 *
 * <p>Alias set names are single lowercase letters, as torchgen requires. The sets are kept as
 * ordered lists rather than sets so that printing reproduces the text.
 */
public record Annotation(List<String> aliasSet, boolean isWrite, List<String> aliasSetAfter) {

    /** The wildcard alias set: the value may alias anything afterwards. */
    public static final String WILDCARD = "*";

    public Annotation {
        aliasSet = List.copyOf(aliasSet);
        aliasSetAfter = List.copyOf(aliasSetAfter);
        if (aliasSet.isEmpty()) {
            throw new IllegalArgumentException("unrecognized alias annotation: the alias set is empty");
        }
        aliasSet.forEach(Annotation::requireAliasName);
        if (!aliasSetAfter.equals(List.of(WILDCARD))) {
            aliasSetAfter.forEach(Annotation::requireAliasName);
        }
        // Both rules are torchgen's (Annotation.parse), with its wording.
        if (isWrite && aliasSet.size() > 1) {
            throw new IllegalArgumentException(
                    "alias set larger than 1 is not mutable, got " + text(aliasSet, true, aliasSetAfter) + " instead.");
        }
        if (aliasSet.size() > 1 && aliasSetAfter.size() > 1) {
            throw new IllegalArgumentException("before alias set and after alias set cannot be larger than 1 at the "
                    + "same time, got " + text(aliasSet, isWrite, aliasSetAfter) + " instead.");
        }
    }

    /** Parses annotation text such as {@code a!}, {@code a -> *} or {@code a! -> a|b}. */
    public static Annotation parse(String text) {
        return TypeParser.parseAnnotation(text);
    }

    /** A single alias set with no after-set: {@code a} or {@code a!}. */
    public static Annotation of(String alias, boolean isWrite) {
        return new Annotation(List.of(alias), isWrite, List.of());
    }

    /** Alias set names are a single lowercase letter (torchgen: {@code [a-z]}). */
    static boolean isAliasName(String s) {
        return s.length() == 1 && s.charAt(0) >= 'a' && s.charAt(0) <= 'z';
    }

    private static void requireAliasName(String s) {
        if (!isAliasName(Objects.requireNonNull(s, "alias set name"))) {
            throw new IllegalArgumentException("unrecognized alias annotation: alias set names are single lowercase"
                    + " letters (a, b, ...), got '" + s + "'");
        }
    }

    @Override
    public String toString() {
        return text(aliasSet, isWrite, aliasSetAfter);
    }

    private static String text(List<String> before, boolean write, List<String> after) {
        String s = String.join("|", before) + (write ? "!" : "");
        return after.isEmpty() ? s : s + " -> " + String.join("|", after);
    }
}
