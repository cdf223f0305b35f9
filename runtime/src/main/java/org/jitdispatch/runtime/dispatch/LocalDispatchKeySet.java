package org.jitdispatch.runtime.dispatch;

import java.lang.invoke.SwitchPoint;

/**
 * The per-thread included and excluded dispatch keys (c10's LocalDispatchKeySet). A call's key set is
 * {@code ((tensor keys | included) & ~excluded) & nonFallthroughKeys}.
 *
 * <p>Reading the thread-local costs a {@link ThreadLocal} lookup, so until any thread changes its sets
 * every thread is known to hold the defaults and no lookup is made: {@link #isUntouched()} says so,
 * and {@link #untouchedSwitchPoint()} lets compiled code assume it until the first change invalidates
 * the switch point (once, for the life of the JVM).
 */
public final class LocalDispatchKeySet {
    /** c10's default_included_set: BackendSelect and ADInplaceOrView. */
    public static final long DEFAULT_INCLUDED = DispatchKey.BackendSelect.bit() | DispatchKey.ADInplaceOrView.bit();
    /** c10's default_excluded_set: the autocast keys. */
    public static final long DEFAULT_EXCLUDED = DispatchKey.AutocastCPU.bit();

    private static final ThreadLocal<State> STATE = ThreadLocal.withInitial(State::new);
    private static final SwitchPoint UNTOUCHED = new SwitchPoint();
    /**
     * Set before the first thread changes its own state. A thread that reads false has never changed
     * its state (it would have set the flag first, in program order), so the defaults are its state.
     */
    private static volatile boolean touched;

    private final long included;
    private final long excluded;

    private LocalDispatchKeySet(long included, long excluded) {
        this.included = included;
        this.excluded = excluded;
    }

    /** A snapshot of this thread's sets. */
    public static LocalDispatchKeySet current() {
        if (!touched) {
            return new LocalDispatchKeySet(DEFAULT_INCLUDED, DEFAULT_EXCLUDED);
        }
        State s = STATE.get();
        return new LocalDispatchKeySet(s.included, s.excluded);
    }

    public DispatchKeySet included() {
        return DispatchKeySet.fromRaw(included);
    }

    public DispatchKeySet excluded() {
        return DispatchKeySet.fromRaw(excluded);
    }

    /** This thread's included keys as raw bits. */
    public static long includedBits() {
        return touched ? STATE.get().included : DEFAULT_INCLUDED;
    }

    /** This thread's excluded keys as raw bits. */
    public static long excludedBits() {
        return touched ? STATE.get().excluded : DEFAULT_EXCLUDED;
    }

    /**
     * The key set a call dispatches on: the tensors' keys with this thread's included keys added, its
     * excluded keys removed, and the operator's fallthrough keys masked out.
     */
    public static long applyTo(long tensorKeys, long nonFallthroughKeys) {
        if (!touched) {
            return (tensorKeys | DEFAULT_INCLUDED) & ~DEFAULT_EXCLUDED & nonFallthroughKeys;
        }
        State s = STATE.get();
        return (tensorKeys | s.included) & ~s.excluded & nonFallthroughKeys;
    }

    /** True while no thread has ever changed its included or excluded keys. */
    public static boolean isUntouched() {
        return !touched;
    }

    /** Valid until the first change of any thread's sets; compiled code may assume the defaults while it is. */
    public static SwitchPoint untouchedSwitchPoint() {
        return UNTOUCHED;
    }

    /** The mutable per-thread state; only guards change it. */
    static State stateForUpdate() {
        if (!touched) {
            synchronized (LocalDispatchKeySet.class) {
                if (!touched) {
                    touched = true;
                    SwitchPoint.invalidateAll(new SwitchPoint[] {UNTOUCHED});
                }
            }
        }
        return STATE.get();
    }

    static final class State {
        long included = DEFAULT_INCLUDED;
        long excluded = DEFAULT_EXCLUDED;
    }

    @Override
    public String toString() {
        return "LocalDispatchKeySet(included=" + included() + ", excluded=" + excluded() + ")";
    }
}
