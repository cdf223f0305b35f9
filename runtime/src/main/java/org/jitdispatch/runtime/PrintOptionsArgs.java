package org.jitdispatch.runtime;

import java.util.Objects;

/**
 * The arguments of one {@code torch.set_printoptions(...)} call, Java having no keyword arguments:
 * {@code set_printoptions(precision=2, sci_mode=False)} is
 * {@code PrintOptionsArgs.of().precision(2).sciMode(false)}. Immutable; each method returns a copy with one
 * more argument given, and checks its value at once.
 *
 * <p>{@link #applyTo} follows PyTorch's rules: a profile first resets precision, threshold, edgeitems and
 * linewidth to its own values; then each option given replaces the current one and an option not given keeps
 * it; except {@code sci_mode}, which every call sets, to null (chosen from the values) when not given.
 */
public final class PrintOptionsArgs {
    private static final PrintOptionsArgs NONE = new PrintOptionsArgs(null, null, null, null, null, null);

    private final PrintOptions.Profile profile;
    private final Integer precision;
    private final Double threshold;
    private final Integer edgeitems;
    private final Integer linewidth;
    private final Boolean sciMode;

    private PrintOptionsArgs(PrintOptions.Profile profile, Integer precision, Double threshold, Integer edgeitems,
            Integer linewidth, Boolean sciMode) {
        this.profile = profile;
        this.precision = precision;
        this.threshold = threshold;
        this.edgeitems = edgeitems;
        this.linewidth = linewidth;
        this.sciMode = sciMode;
    }

    /** No argument: {@code set_printoptions()}, which keeps every option but frees {@code sci_mode}. */
    public static PrintOptionsArgs of() {
        return NONE;
    }

    public PrintOptionsArgs profile(PrintOptions.Profile profile) {
        Objects.requireNonNull(profile, "profile must not be null");
        return new PrintOptionsArgs(profile, precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** PyTorch's profile names: {@code "default"}, {@code "short"} or {@code "full"}. */
    public PrintOptionsArgs profile(String profile) {
        return profile(PrintOptions.Profile.fromName(profile));
    }

    public PrintOptionsArgs precision(int precision) {
        return new PrintOptionsArgs(profile, PrintOptions.checkPrecision(precision), threshold, edgeitems, linewidth,
                sciMode);
    }

    public PrintOptionsArgs threshold(double threshold) {
        return new PrintOptionsArgs(profile, precision, PrintOptions.checkThreshold(threshold), edgeitems, linewidth,
                sciMode);
    }

    public PrintOptionsArgs edgeitems(int edgeitems) {
        return new PrintOptionsArgs(profile, precision, threshold, PrintOptions.checkEdgeitems(edgeitems), linewidth,
                sciMode);
    }

    public PrintOptionsArgs linewidth(int linewidth) {
        return new PrintOptionsArgs(profile, precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** true forces scientific notation, false forbids it, null (as when not given) lets the values choose. */
    public PrintOptionsArgs sciMode(Boolean sciMode) {
        return new PrintOptionsArgs(profile, precision, threshold, edgeitems, linewidth, sciMode);
    }

    /** The options after this call, made when {@code current} were in force. */
    public PrintOptions applyTo(PrintOptions current) {
        PrintOptions o = profile == null ? current : PrintOptions.of(profile);
        if (precision != null) {
            o = o.withPrecision(precision);
        }
        if (threshold != null) {
            o = o.withThreshold(threshold);
        }
        if (edgeitems != null) {
            o = o.withEdgeitems(edgeitems);
        }
        if (linewidth != null) {
            o = o.withLinewidth(linewidth);
        }
        return o.withSciMode(sciMode);
    }
}
