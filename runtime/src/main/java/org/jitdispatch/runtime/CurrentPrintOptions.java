package org.jitdispatch.runtime;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The print options in force, for the whole JVM as PyTorch's are for the whole process
 * ({@code Torch.set_printoptions} and {@code Torch.get_printoptions} are the public face). The options are
 * one immutable value behind an atomic reference: a printing thread reads them once, so it never prints
 * with half of another thread's change, and a change made from the current options ({@link #apply}) is
 * atomic, so two threads setting different options at once do not lose either.
 */
public final class CurrentPrintOptions {
    private static final AtomicReference<PrintOptions> CURRENT = new AtomicReference<>(PrintOptions.DEFAULT);

    private CurrentPrintOptions() {
    }

    public static PrintOptions get() {
        return CURRENT.get();
    }

    /** Replaces the options; returns those it replaced. */
    public static PrintOptions set(PrintOptions options) {
        Objects.requireNonNull(options, "print options must not be null");
        return CURRENT.getAndSet(options);
    }

    /** PyTorch's {@code set_printoptions(...)}: applies the call's arguments; returns the options replaced. */
    public static PrintOptions apply(PrintOptionsArgs args) {
        Objects.requireNonNull(args, "print option arguments must not be null");
        return CURRENT.getAndUpdate(args::applyTo);
    }
}
