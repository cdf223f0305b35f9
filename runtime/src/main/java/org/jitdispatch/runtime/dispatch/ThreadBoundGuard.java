package org.jitdispatch.runtime.dispatch;

/**
 * The bookkeeping every thread-local guard shares: it must be closed on the thread that opened it, and
 * closing twice is harmless.
 */
final class ThreadBoundGuard {
    private final Thread thread = Thread.currentThread();
    private final Class<?> guardType;
    private boolean closed;

    ThreadBoundGuard(Class<?> guardType) {
        this.guardType = guardType;
    }

    /** Returns true the first time it is called on the owning thread; throws on another thread. */
    boolean close() {
        if (Thread.currentThread() != thread) {
            throw new IllegalStateException(guardType.getSimpleName() + " opened on thread '" + thread.getName()
                    + "' must be closed on that thread, not on '" + Thread.currentThread().getName() + "'");
        }
        if (closed) {
            return false;
        }
        closed = true;
        return true;
    }
}
