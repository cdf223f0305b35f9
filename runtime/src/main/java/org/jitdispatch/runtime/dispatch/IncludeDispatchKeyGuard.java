package org.jitdispatch.runtime.dispatch;

/**
 * Adds keys to this thread's included set until closed (c10's IncludeDispatchKeyGuard). Only the keys
 * that were not included before are removed again on close, so guards nest. Use with
 * try-with-resources; a guard belongs to the thread that made it.
 */
public final class IncludeDispatchKeyGuard implements AutoCloseable {
    private final ThreadBoundGuard owner = new ThreadBoundGuard(getClass());
    private final long added;

    private IncludeDispatchKeyGuard(DispatchKeySet keys) {
        LocalDispatchKeySet.State s = LocalDispatchKeySet.stateForUpdate();
        added = keys.raw() & ~s.included;
        s.included |= added;
    }

    public static IncludeDispatchKeyGuard enter(DispatchKey... keys) {
        return new IncludeDispatchKeyGuard(DispatchKeySet.of(keys));
    }

    public static IncludeDispatchKeyGuard enter(DispatchKeySet keys) {
        return new IncludeDispatchKeyGuard(keys);
    }

    @Override
    public void close() {
        if (owner.close()) {
            LocalDispatchKeySet.stateForUpdate().included &= ~added;
        }
    }
}
