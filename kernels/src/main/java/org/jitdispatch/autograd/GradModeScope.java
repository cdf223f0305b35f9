package org.jitdispatch.autograd;

/**
 * A block of code with this thread's grad mode set one way ({@link NoGrad}, {@link EnableGrad}): the mode it
 * replaced comes back on {@link #close()}, which must run on the thread that opened the scope; closing twice is
 * harmless.
 */
public abstract class GradModeScope implements AutoCloseable {
    private final Thread owner = Thread.currentThread();
    private final boolean previous;
    private boolean closed;

    GradModeScope(boolean enabled) {
        previous = GradMode.isEnabled();
        GradMode.setEnabled(enabled);
    }

    @Override
    public final void close() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException(getClass().getSimpleName() + " opened on thread '" + owner.getName()
                    + "' must be closed on it");
        }
        if (!closed) {
            closed = true;
            GradMode.setEnabled(previous);
        }
    }
}
