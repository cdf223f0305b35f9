package org.jitdispatch.runtime;

/**
 * Print options in force until {@link #close()}, which puts back the options replaced when the scope was
 * opened, whether the body ended normally or threw:
 *
 * <pre>{@code
 * try (PrintOptionsScope scope = Torch.printoptions(PrintOptionsArgs.of().precision(2))) {
 *     assertEquals("tensor([1.12])", Torch.tensor(new float[] {1.12345f}).toString());
 * }
 * }</pre>
 *
 * The options are global, so nested scopes restore correctly only when closed in reverse order, as
 * try-with-resources closes them; a scope on another thread meanwhile changes what this thread prints.
 */
public final class PrintOptionsScope implements AutoCloseable {
    private final PrintOptions previous;
    private boolean closed;

    private PrintOptionsScope(PrintOptions previous) {
        this.previous = previous;
    }

    /** Sets {@code options} until the scope closes. */
    public static PrintOptionsScope of(PrintOptions options) {
        return new PrintOptionsScope(CurrentPrintOptions.set(options));
    }

    /** Applies a {@code set_printoptions} call until the scope closes. */
    public static PrintOptionsScope of(PrintOptionsArgs args) {
        return new PrintOptionsScope(CurrentPrintOptions.apply(args));
    }

    /** The options in force before the scope opened, which closing it restores. */
    public PrintOptions previous() {
        return previous;
    }

    /** Restores the previous options; a second close does nothing. */
    @Override
    public void close() {
        if (!closed) {
            closed = true;
            CurrentPrintOptions.set(previous);
        }
    }
}
