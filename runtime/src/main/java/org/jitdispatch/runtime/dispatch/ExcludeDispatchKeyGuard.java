package org.jitdispatch.runtime.dispatch;

/**
 * Adds keys to this thread's excluded set until closed (c10's ExcludeDispatchKeyGuard). Only the keys
 * that were not excluded before are removed again on close, so guards nest. Use with
 * try-with-resources; a guard belongs to the thread that made it.
 */
public final class ExcludeDispatchKeyGuard implements AutoCloseable {
    private final ThreadBoundGuard owner = new ThreadBoundGuard(getClass());
    private final long added;

    private ExcludeDispatchKeyGuard(DispatchKeySet keys) {
        LocalDispatchKeySet.State s = LocalDispatchKeySet.stateForUpdate();
        added = keys.raw() & ~s.excluded;
        s.excluded |= added;
    }

    public static ExcludeDispatchKeyGuard enter(DispatchKey... keys) {
        return new ExcludeDispatchKeyGuard(DispatchKeySet.of(keys));
    }

    public static ExcludeDispatchKeyGuard enter(DispatchKeySet keys) {
        return new ExcludeDispatchKeyGuard(keys);
    }

    @Override
    public void close() {
        if (owner.close()) {
            LocalDispatchKeySet.stateForUpdate().excluded &= ~added;
        }
    }
}
