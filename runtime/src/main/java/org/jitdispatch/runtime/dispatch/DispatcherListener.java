package org.jitdispatch.runtime.dispatch;

/**
 * Told about changes to the registry, synchronously and in order, while the dispatcher's registration
 * lock is held (so a listener sees each change once and never two at a time). The JIT re-spins an
 * operator's call site from {@link #onTableChanged}.
 */
public interface DispatcherListener {
    /** An operator's schema was defined. */
    default void onOperatorDefined(OperatorHandle op) {
    }

    /**
     * An operator's computed dispatch table changed (a kernel, a fallback or a fallthrough was added or
     * removed). Called after the new table is visible to every thread.
     */
    default void onTableChanged(OperatorHandle op) {
    }
}
