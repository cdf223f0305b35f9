package org.jitdispatch.kernels.backend;

import java.util.Locale;

/**
 * Whether operators a backend does not implement may run through the {@link CpuFallback}. {@link #ALLOW} is
 * the default; {@link #ERROR} turns every fallback into an error naming the operator, which is how a backend
 * author finds the operators a model still runs on the CPU (and pays two copies for).
 */
public enum FallbackMode {
    /** Run unsupported operators on the CPU, moving their tensors there and back. */
    ALLOW,
    /** Refuse to fall back: an unsupported operator is an error before any tensor is touched. */
    ERROR;

    /** The system property that sets the mode at start-up: {@code -Djitdispatch.cpuFallback=error}. */
    public static final String PROPERTY = "jitdispatch.cpuFallback";

    /**
     * The mode a value of {@link #PROPERTY} names ({@code allow} or {@code error}, in any case); {@link #ALLOW}
     * when the property is absent or empty.
     */
    public static FallbackMode parse(String value) {
        if (value == null || value.isBlank()) {
            return ALLOW;
        }
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "allow": return ALLOW;
            case "error": return ERROR;
            default:
                throw new IllegalArgumentException("-D" + PROPERTY + " must be 'allow' or 'error', got '" + value + "'");
        }
    }
}
