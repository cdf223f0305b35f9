package org.jitdispatch.autograd;

/**
 * {@code try (var g = NoGrad.enter()) { ... }}: no autograd history is recorded in the block, on this
 * thread only (torch.no_grad()). Restores the previous mode on close; closing twice is harmless.
 */
public final class NoGrad implements AutoCloseable {
    private final Thread owner = Thread.currentThread();
    private final boolean previous;
    private boolean closed;

    private NoGrad() {
        previous = GradMode.isEnabled();
        GradMode.setEnabled(false);
    }

    public static NoGrad enter() {
        return new NoGrad();
    }

    @Override
    public void close() {
        if (Thread.currentThread() != owner) {
            throw new IllegalStateException("NoGrad opened on thread '" + owner.getName() + "' must be closed on it");
        }
        if (!closed) {
            closed = true;
            GradMode.setEnabled(previous);
        }
    }
}
