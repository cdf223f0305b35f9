package org.jitdispatch.runtime;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The options {@code Tensor.toString()} prints with, PyTorch's {@code torch._tensor_str.PRINT_OPTS}: an
 * immutable value, so that one printed tensor sees one consistent set of options whatever other threads set
 * meanwhile. {@link #DEFAULT} is PyTorch's default; {@link #of(Profile)} gives a profile's options and the
 * withers change one option each.
 *
 * <p>This is the whole state. PyTorch's {@code set_printoptions(...)} call, which changes only the options it
 * is given (and always {@code sci_mode}), is {@link PrintOptionsArgs}.
 *
 * <ul>
 *   <li>{@code precision}: digits after the decimal point of floating values (PyTorch's default 4).</li>
 *   <li>{@code threshold}: a tensor of more elements than this is summarized (1000; infinite for
 *       {@link Profile#FULL}). A double, as PyTorch's is a float.</li>
 *   <li>{@code edgeitems}: a summarized dimension longer than twice this shows this many items at each end
 *       (3).</li>
 *   <li>{@code linewidth}: rows wrap, and suffixes such as {@code dtype=} move to a new line, at this many
 *       characters (80).</li>
 *   <li>{@code sciMode}: empty lets the values choose scientific notation, true forces it and false forbids it.
 *       </li>
 * </ul>
 */
public final class PrintOptions {
    /** PyTorch's profiles, named as its {@code profile=} strings are. */
    public enum Profile {
        /** precision 4, threshold 1000, edgeitems 3, linewidth 80. */
        DEFAULT(4, 1000, 3, 80),
        /** precision 2, threshold 1000, edgeitems 2, linewidth 80. */
        SHORT(2, 1000, 2, 80),
        /** precision 4, no summarizing, edgeitems 3, linewidth 80. */
        FULL(4, Double.POSITIVE_INFINITY, 3, 80);

        final int precision;
        final double threshold;
        final int edgeitems;
        final int linewidth;

        Profile(int precision, double threshold, int edgeitems, int linewidth) {
            this.precision = precision;
            this.threshold = threshold;
            this.edgeitems = edgeitems;
            this.linewidth = linewidth;
        }

        /**
         * The profile PyTorch names {@code name} ({@code "default"}, {@code "short"}, {@code "full"}). PyTorch
         * ignores any other name without a word; here it is an error, since a misspelt profile would otherwise
         * go unnoticed.
         */
        public static Profile fromName(String name) {
            Objects.requireNonNull(name, "profile must not be null");
            for (Profile p : values()) {
                if (p.pythonName().equals(name)) {
                    return p;
                }
            }
            throw new IllegalArgumentException(
                    "profile must be one of \"default\", \"short\", \"full\", got \"" + name + "\"");
        }

        /** The name PyTorch gives this profile. */
        public String pythonName() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** PyTorch's default print options, with which {@code repr(tensor)} prints unless told otherwise. */
    public static final PrintOptions DEFAULT = of(Profile.DEFAULT);

    private final int precision;
    private final double threshold;
    private final int edgeitems;
    private final int linewidth;
    /** null: chosen from the values. */
    private final Boolean sciMode;

    private PrintOptions(int precision, double threshold, int edgeitems, int linewidth, Boolean sciMode) {
        this.precision = checkPrecision(precision);
        this.threshold = checkThreshold(threshold);
        this.edgeitems = checkEdgeitems(edgeitems);
        this.linewidth = linewidth;
        this.sciMode = sciMode;
    }

    /** The options a profile sets, with scientific notation chosen from the values. */
    public static PrintOptions of(Profile profile) {
        Objects.requireNonNull(profile, "profile must not be null");
        return new PrintOptions(profile.precision, profile.threshold, profile.edgeitems, profile.linewidth, null);
    }

    public int precision() {
        return precision;
    }

    public double threshold() {
        return threshold;
    }

    public int edgeitems() {
        return edgeitems;
    }

    public int linewidth() {
        return linewidth;
    }

    /** Empty: the values choose; true: always scientific; false: never. */
    public Optional<Boolean> sciMode() {
        return Optional.ofNullable(sciMode);
    }

    /** @throws IllegalArgumentException when {@code precision} is negative */
    public PrintOptions withPrecision(int precision) {
        return new PrintOptions(precision, threshold, edgeitems, linewidth, sciMode);
    }

    /**
     * @param threshold summarize tensors of more elements than this; {@code Double.POSITIVE_INFINITY} never
     *     summarizes, and any negative value always does (as in PyTorch)
     * @throws IllegalArgumentException when {@code threshold} is NaN
     */
    public PrintOptions withThreshold(double threshold) {
        return new PrintOptions(precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** @throws IllegalArgumentException when {@code edgeitems} is below 1 */
    public PrintOptions withEdgeitems(int edgeitems) {
        return new PrintOptions(precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** Any width is accepted: a row too narrow for one element still holds one element per line, as in PyTorch. */
    public PrintOptions withLinewidth(int linewidth) {
        return new PrintOptions(precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** @param sciMode true forces scientific notation, false forbids it, null lets the values choose */
    public PrintOptions withSciMode(Boolean sciMode) {
        return new PrintOptions(precision, threshold, edgeitems, linewidth, sciMode);
    }

    // ---- the checks, shared with PrintOptionsArgs so that a bad value fails where it is given.
    // PyTorch checks nothing: a negative precision fails only when a tensor is printed (Python's format
    // rejects it), and an edgeitems of 0 prints a summarized vector whole behind "..." (self[-0:] is every
    // element) and fails on a summarized matrix (torch.stack of no slices).

    static int checkPrecision(int precision) {
        if (precision < 0) {
            throw new IllegalArgumentException("precision must be at least 0, got " + precision);
        }
        return precision;
    }

    static double checkThreshold(double threshold) {
        if (Double.isNaN(threshold)) {
            throw new IllegalArgumentException(
                    "threshold must be a number, got NaN (Double.POSITIVE_INFINITY never summarizes)");
        }
        return threshold;
    }

    static int checkEdgeitems(int edgeitems) {
        if (edgeitems < 1) {
            throw new IllegalArgumentException("edgeitems must be at least 1, got " + edgeitems);
        }
        return edgeitems;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof PrintOptions)) {
            return false;
        }
        PrintOptions p = (PrintOptions) o;
        return precision == p.precision && Double.compare(threshold, p.threshold) == 0 && edgeitems == p.edgeitems
                && linewidth == p.linewidth && Objects.equals(sciMode, p.sciMode);
    }

    @Override
    public int hashCode() {
        return Objects.hash(precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** In PyTorch's keyword form: {@code PrintOptions(precision=4, threshold=1000, ..., sci_mode=None)}. */
    @Override
    public String toString() {
        String t = Double.isInfinite(threshold) ? (threshold > 0 ? "inf" : "-inf")
                : threshold == Math.rint(threshold) && Math.abs(threshold) < 1e15 ? Long.toString((long) threshold)
                : Double.toString(threshold);
        String sci = sciMode == null ? "None" : sciMode ? "True" : "False";
        return "PrintOptions(precision=" + precision + ", threshold=" + t + ", edgeitems=" + edgeitems
                + ", linewidth=" + linewidth + ", sci_mode=" + sci + ")";
    }
}
